import { Viewer } from "../context";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";

/** Services belong to professional partners and administrators whose account is pending or confirmed. */
export const canOwnServices = (user: Pick<User, "role" | "status">): boolean =>
  (user.role === Role.FULL_PARTNER || user.role === Role.ADMIN) &&
  (user.status === UserStatus.PENDING || user.status === UserStatus.CONFIRMED);

/** An administrator creates a service for any such account; a professional partner for themself. */
export function canCreateServiceFor(viewer: Viewer, owner: Pick<User, "id" | "role" | "status">): boolean {
  if (!viewer.user || !canOwnServices(owner)) return false;
  return viewer.role === Role.ADMIN || (viewer.role === Role.FULL_PARTNER && viewer.user.id === owner.id);
}

/** The members of a service (its userIds) and administrators edit or delete it. */
export function canEditService(viewer: Viewer, service: { userIds: string[] }): boolean {
  if (!viewer.user) return false;
  return viewer.role === Role.ADMIN || service.userIds.includes(viewer.user.id);
}

/** Whose list of services a viewer may read: their own, or anyone's for an administrator. */
export const canListServicesOf = (viewer: Viewer, userId: string): boolean =>
  viewer.role === Role.ADMIN || (viewer.user?.id === userId && viewer.role !== Role.BASIC_USER);
