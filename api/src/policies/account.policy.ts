import { ForbiddenError, UnauthenticatedError } from "../errors";
import { Role, UserStatus } from "../modules/reference/reference.data";
import type { User } from "../modules/users/user.entity";
import { todayInParis } from "../shared/rules";
import { isAdmin, PARTNER_ROLES, type Viewer } from "./viewer";

/** An account whose expiration date has passed (the expiration day itself still counts). */
export const isExpired = (user: Pick<User, "expiration">, now = new Date()): boolean =>
  user.expiration !== null && user.expiration < todayInParis(now);

/** An account still in use: not deleted, not expired (who the portal still writes to about their sheets). */
export const isActiveAccount = (user: Pick<User, "status" | "expiration">, now = new Date()): boolean =>
  user.status !== UserStatus.DELETED && !isExpired(user, now);

/**
 * Only confirmed accounts with a password, not expired, may sign in: local
 * requests, pending accounts without password, deleted and expired ones may not.
 */
export const canSignIn = (user: User, now = new Date()): boolean => accountOpen(user, user.passwordHash !== null, now);

/**
 * The same rule for an account read without its password hash (a session's lookup): whether
 * a password is set is all it needs.
 */
export const accountOpen = (user: Pick<User, "status" | "expiration">, hasPassword: boolean, now = new Date()) =>
  user.status === UserStatus.CONFIRMED && hasPassword && !isExpired(user, now);

/** Signed in with one of the roles; throws UNAUTHENTICATED or FORBIDDEN otherwise. */
export function requireRole(viewer: Viewer, roles: readonly Role[]): User {
  if (!viewer.user) throw new UnauthenticatedError();
  if (!roles.includes(viewer.role)) throw new ForbiddenError();
  return viewer.user;
}

/** Any partner or administrator (publishing, profile, contact). */
export const requirePartner = (viewer: Viewer): User => requireRole(viewer, PARTNER_ROLES);

/** User management is for administrators. */
export const requireAdmin = (viewer: Viewer): User => requireRole(viewer, [Role.ADMIN]);

/** A user's full record: administrators, and the user themself. */
export const canReadUser = (viewer: Viewer, userId: string): boolean =>
  isAdmin(viewer) || (viewer.user !== null && viewer.user.id === userId);

/** A partner request waiting for an administrator: the only accounts « Valider la demande » applies to. */
export const isWaitingRequest = (user: Pick<User, "role" | "status">): boolean =>
  user.status === UserStatus.LOCAL && (user.role === Role.NEWS_PARTNER || user.role === Role.FULL_PARTNER);

/** Accounts an administrator still manages (a deleted one is gone for good). */
export const isManaged = (user: Pick<User, "status">) => user.status !== UserStatus.DELETED;

export const ACCOUNT_REFUSALS = {
  selfDemotion: "Vous ne pouvez pas retirer votre propre rôle d'administrateur.",
  selfDeletion: "Vous ne pouvez pas supprimer votre propre compte.",
  lastAdmin: "Le dernier administrateur ne peut pas être supprimé ni rétrogradé.",
} as const;

/**
 * Why an administrator may not give `target` the role `newRole`, or null when
 * they may. An administrator never demotes themself, and the last active
 * administrator is never demoted (`isLastAdmin`: no other confirmed or pending one).
 */
export function roleChangeRefusal(
  viewer: Viewer,
  target: Pick<User, "id" | "role">,
  newRole: Role,
  isLastAdmin: boolean,
): string | null {
  if (target.role !== Role.ADMIN || newRole === Role.ADMIN) return null;
  if (viewer.user?.id === target.id) return ACCOUNT_REFUSALS.selfDemotion;
  return isLastAdmin ? ACCOUNT_REFUSALS.lastAdmin : null;
}

/** Why an administrator may not delete `target`, or null when they may: never themself, never the last administrator. */
export function deletionRefusal(
  viewer: Viewer,
  target: Pick<User, "id" | "role">,
  isLastAdmin: boolean,
): string | null {
  if (viewer.user?.id === target.id) return ACCOUNT_REFUSALS.selfDeletion;
  return target.role === Role.ADMIN && isLastAdmin ? ACCOUNT_REFUSALS.lastAdmin : null;
}
