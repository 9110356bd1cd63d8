import { DateTime } from "luxon";
import { Viewer } from "../context";
import { ForbiddenError, UnauthenticatedError } from "../errors";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";

/** Today in Paris, as the YYYY-MM-DD of the `expiration` column. */
export const todayInParis = (now = new Date()): string =>
  DateTime.fromJSDate(now, { zone: "Europe/Paris" }).toISODate()!;

/** An account whose expiration date has passed (the expiration day itself still counts). */
export const isExpired = (user: Pick<User, "expiration">, now = new Date()): boolean =>
  user.expiration !== null && user.expiration < todayInParis(now);

/**
 * Only confirmed accounts with a password, not expired, may sign in: local
 * requests, pending accounts without password, deleted and expired ones may not.
 */
export const canSignIn = (user: User, now = new Date()): boolean =>
  user.status === UserStatus.CONFIRMED && user.passwordHash !== null && !isExpired(user, now);

const PARTNER_ROLES = [Role.NEWS_PARTNER, Role.FULL_PARTNER, Role.ADMIN];

/** Signed in with one of the roles; throws UNAUTHENTICATED or FORBIDDEN otherwise. */
export function requireRole(viewer: Viewer, roles: Role[]): User {
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
  viewer.role === Role.ADMIN || viewer.user?.id === userId;
