import { Role } from "../modules/reference/reference.data";
import type { User } from "../modules/users/user.entity";

/** Who is asking: a signed-in user, or an anonymous visitor (role BASIC_USER). */
export interface Viewer {
  user: User | null;
  role: Role;
}

export const ANONYMOUS: Viewer = Object.freeze({ user: null, role: Role.BASIC_USER });

export const viewerOf = (user: User | null): Viewer => (user ? { user, role: user.role } : ANONYMOUS);

export const isAdmin = (viewer: Viewer): boolean => viewer.user !== null && viewer.role === Role.ADMIN;

/** Partners of both kinds and administrators: everyone with an account who publishes. */
export const PARTNER_ROLES: readonly Role[] = [Role.NEWS_PARTNER, Role.FULL_PARTNER, Role.ADMIN];

export const isPartner = (viewer: Viewer): boolean => viewer.user !== null && PARTNER_ROLES.includes(viewer.role);
