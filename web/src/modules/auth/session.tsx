import { useApolloClient } from "@apollo/client/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import {
  type LoginInput,
  type SessionUserFragment,
  useCurrentUserQuery,
  useLoginMutation,
  useLogoutMutation,
} from "../../generated/accounts";
import { forgetUser, storedUser, storeUser } from "./session-storage";

// For the sign-in asked again when a session runs out (its dialog loads on demand).
export { rememberedHere, storeUser } from "./session-storage";

/** What the signed-in account may do, as the server computed it (the `can` of the current user). */
export type Abilities = SessionUserFragment["can"];

/** A visitor may do none of it. */
export const VISITOR_ABILITIES: Abilities = Object.freeze({
  publish: false,
  ownServices: false,
  manageUsers: false,
  restrictToNetworks: [],
});

export interface SessionValue {
  user: SessionUserFragment | null;
  /** What the current user may do; the web asks this, never the role. */
  can: Abilities;
  /** False until the server has said who is signed in. */
  ready: boolean;
  signIn: (input: LoginInput) => Promise<SessionUserFragment>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const initial = useMemo(storedUser, []);
  const { data, loading } = useCurrentUserQuery({ fetchPolicy: "cache-and-network" });
  const [login] = useLoginMutation();
  const [logout] = useLogoutMutation();

  const serverUser = data?.currentUser;
  const user = serverUser === undefined ? (loading ? initial : null) : serverUser;

  useEffect(() => {
    if (serverUser !== undefined) storeUser(serverUser);
  }, [serverUser]);

  const signIn = useCallback(
    async (input: LoginInput) => {
      const result = await login({ variables: { input } });
      const signedIn = result.data!.login;
      storeUser(signedIn, input.remember ?? false);
      // What a signed-in partner may see differs (network-restricted content): every active
      // query, the current user included, is fetched again with the new session.
      await client.resetStore();
      return signedIn;
    },
    [client, login],
  );

  const signOut = useCallback(async () => {
    try {
      await logout();
    } finally {
      // Spec §4: all lists, filters and cached details are reset with the session. A query of
      // the page being left may fail once signed out: that must not stop the sign-out.
      forgetUser();
      // The pages kept for reading offline go too (none was kept while signed in).
      await import("../offline/saved-pages").then(({ forgetSavedPages }) => forgetSavedPages()).catch(() => undefined);
      await client.resetStore().catch(() => undefined);
    }
  }, [client, logout]);

  const value = useMemo<SessionValue>(
    () => ({ user, can: user?.can ?? VISITOR_ABILITIES, ready: serverUser !== undefined, signIn, signOut }),
    [user, serverUser, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside SessionProvider");
  return session;
}
