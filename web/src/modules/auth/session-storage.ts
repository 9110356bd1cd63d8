import { type SessionUserFragment } from "../../generated/accounts";

/** Spec §4: the user object (never a credential) is kept in localStorage only when remembered. */
const USER_KEY = "portail.utilisateur";
const REMEMBER_KEY = "portail.resterConnecte";

export const storedUser = (): SessionUserFragment | null => {
  try {
    if (localStorage.getItem(REMEMBER_KEY) !== "true") return null;
    const raw = localStorage.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as Partial<SessionUserFragment>) : null;
    // A record kept by an earlier version (without the abilities) waits for the server's answer.
    return user && typeof user.id === "string" && user.can && typeof user.can === "object"
      ? (user as SessionUserFragment)
      : null;
  } catch {
    return null;
  }
};

/** Whether « Rester connecté » was ticked at the last sign-in on this device (kept when a session runs out). */
export const rememberedHere = (): boolean => {
  try {
    return localStorage.getItem(REMEMBER_KEY) === "true";
  } catch {
    return false;
  }
};

export function storeUser(user: SessionUserFragment | null, remember?: boolean) {
  try {
    if (remember !== undefined) localStorage.setItem(REMEMBER_KEY, String(remember));
    if (user && localStorage.getItem(REMEMBER_KEY) === "true") localStorage.setItem(USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_KEY);
  } catch {
    // Storage may be unavailable (private mode): the session cookie still works.
  }
}

export function forgetUser() {
  try {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // ignored, as above
  }
}
