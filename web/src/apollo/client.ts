import { ApolloClient, HttpLink } from "@apollo/client";
import { createCache } from "./cache";

export function createApolloClient() {
  return new ApolloClient({
    link: new HttpLink({ uri: "/graphql", credentials: "same-origin" }),
    cache: createCache(),
  });
}
