import { ApolloClient, HttpLink } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { ErrorLink } from "@apollo/client/link/error";
import { CurrentUserDocument } from "../generated/graphql";
import { forgetUser } from "../modules/auth/session-storage";
import { createCache } from "./cache";

export function createApolloClient() {
  // Spec §4: a 401 anywhere means the session is gone: forget the user everywhere.
  const sessionLost = new ErrorLink(({ error, operation }) => {
    const unauthenticated =
      CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED");
    if (unauthenticated && operation.operationName !== "Login") {
      forgetUser();
      client.writeQuery({ query: CurrentUserDocument, data: { currentUser: null } });
    }
  });
  const client: ApolloClient = new ApolloClient({
    link: sessionLost.concat(new HttpLink({ uri: "/graphql", credentials: "same-origin" })),
    cache: createCache(),
  });
  return client;
}
