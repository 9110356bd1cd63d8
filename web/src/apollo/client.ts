import { ApolloClient, HttpLink, type NormalizedCacheObject } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { ErrorLink } from "@apollo/client/link/error";
import { CurrentUserDocument, type CurrentUserQuery } from "../generated/accounts";
import { forgetUser } from "../modules/auth/session-storage";
import { createCache } from "./cache";

/**
 * A session that ran out while its page was open (a write answered UNAUTHENTICATED): the page
 * stays as it is, with what was typed, and asks to sign in again (SessionExpiredDialog); the user
 * is forgotten only if that is declined. A sign-out, or a visitor's refused request, is not this.
 * Told by a DOM event on `window` (its detail: the user whose session ran out), so that the
 * pages' first code carries no more than this name.
 */
export const SESSION_LOST_EVENT = "portail:session-perdue";

/** The browser's client; `state` is what the server rendered the page with. */
export function createApolloClient(state?: NormalizedCacheObject) {
  // Spec §4: a 401 anywhere means the session is gone: forget the user everywhere. A signed-in
  // page keeps its user (and what was typed) while the session expiry asks to sign in again.
  const sessionLost = new ErrorLink(({ error, operation }) => {
    const unauthenticated =
      CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED");
    if (unauthenticated && operation.operationName !== "Login") {
      forgetUser();
      const user = client.readQuery<CurrentUserQuery>({ query: CurrentUserDocument })?.currentUser;
      if (user) dispatchEvent(new CustomEvent(SESSION_LOST_EVENT, { detail: user }));
      else client.writeQuery({ query: CurrentUserDocument, data: { currentUser: null } });
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
