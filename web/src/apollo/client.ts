import { ApolloClient, HttpLink, type NormalizedCacheObject } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { ErrorLink } from "@apollo/client/link/error";
import { CurrentUserDocument } from "../generated/accounts";
import { forgetUser } from "../modules/auth/session-storage";
import { createCache } from "./cache";

/** The browser's client; `state` is what the server rendered the page with. */
export function createApolloClient(state?: NormalizedCacheObject) {
  // Spec §4: a 401 anywhere means the session is gone: forget the user everywhere.
  const sessionLost = new ErrorLink(({ error, operation }) => {
    const unauthenticated =
      CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED");
    if (unauthenticated && operation.operationName !== "Login") {
      forgetUser();
      client.writeQuery({ query: CurrentUserDocument, data: { currentUser: null } });
    }
  });
  const cache = createCache();
  if (state) cache.restore(state);
  const client: ApolloClient = new ApolloClient({
    link: sessionLost.concat(new HttpLink({ uri: "/graphql", credentials: "same-origin" })),
    cache,
    // Queries the server has just answered are not asked again while the page hydrates.
    ssrForceFetchDelay: state ? 1000 : 0,
  });
  return client;
}
