import { Role, UserStatus } from "../modules/reference/reference.data";
import type { User } from "../modules/users/user.entity";
import { isActiveAccount } from "./account.policy";
import { isAdmin, isPartner, type Viewer } from "./viewer";

/** Services belong to professional partners and administrators whose account is pending or confirmed. */
export const canOwnSheets = (user: Pick<User, "role" | "status">): boolean =>
  (user.role === Role.FULL_PARTNER || user.role === Role.ADMIN) &&
  (user.status === UserStatus.PENDING || user.status === UserStatus.CONFIRMED);

/** An administrator creates a service for any such account; a professional partner for themself. */
export function canCreateSheetFor(viewer: Viewer, owner: Pick<User, "id" | "role" | "status">): boolean {
  return sheetCreationRefusal(viewer, owner) === null;
}

/** An owner who cannot hold services: a content creator's account, a request, a deleted one. */
export const OWNER_REFUSED =
  "Un service ne peut être rattaché qu'à un compte professionnel (gestionnaire de service) ou administrateur, validé ou en attente de validation.";
/** A content creator asking to create a service of their own. */
export const CONTENT_CREATOR_REFUSED =
  "Votre compte est celui d'un créateur de contenu : seuls les comptes professionnels (gestionnaires de service) et les administrateurs créent des fiches de service.";

/** Why the viewer may not create a service for `owner`, or null when they may. */
export function sheetCreationRefusal(viewer: Viewer, owner: Pick<User, "id" | "role" | "status">): string | null {
  const self = viewer.user !== null && viewer.user.id === owner.id;
  if (!isAdmin(viewer) && !(self && viewer.role === Role.FULL_PARTNER)) {
    // A content creator's account (NEWS_PARTNER) publishes articles; services are a professional's.
    return self ? CONTENT_CREATOR_REFUSED : "Vous ne pouvez créer un service que pour votre propre compte.";
  }
  return canOwnSheets(owner) ? null : OWNER_REFUSED;
}

/** Every service sheet is public: anyone may read it, signed in or not (the sitemap, link-preview cards). */
export const isPublicSheet = (_sheet: { id: string }): boolean => true;

/** isPublicSheet as an SQL condition on the sheet table under `alias`: every row. */
export const publicSheetCriteria = (_alias: string): string => "1 = 1";

/**
 * Administrators, and the members of a service (its userIds) who are professional partners, edit
 * or delete it: a member whose account became a content creator's keeps none of it (spec §6).
 */
export function canEditSheet(viewer: Viewer, service: { userIds: string[] }): boolean {
  if (!viewer.user) return false;
  return isAdmin(viewer) || (viewer.role === Role.FULL_PARTNER && service.userIds.includes(viewer.user.id));
}

/**
 * Why the viewer may not change a service (`verb`: « modifier », « supprimer »), or null when they
 * may: a member whose account became a content creator's is told so, anyone else that it is not theirs.
 */
export function sheetEditRefusal(
  viewer: Viewer,
  service: { userIds: string[] },
  verb: "modifier" | "supprimer",
): string | null {
  if (canEditSheet(viewer, service)) return null;
  if (viewer.user && service.userIds.includes(viewer.user.id))
    return `Votre compte est celui d'un créateur de contenu : seuls les comptes professionnels (gestionnaires de service) et les administrateurs peuvent ${verb} les fiches de service.`;
  return `Vous ne pouvez ${verb} que vos propres services.`;
}

/** Who a service belongs to is shown to those who may edit it (see canEditSheet). */
export const canSeeSheetOwner = (viewer: Viewer, service: { userIds: string[] }): boolean =>
  canEditSheet(viewer, service);

/** Whose list of services a viewer may read: their own (partners), or anyone's for an administrator. */
export const canListSheetsOf = (viewer: Viewer, userId: string): boolean =>
  isAdmin(viewer) || (isPartner(viewer) && viewer.user!.id === userId);

/** The sheets nobody has confirmed for months (« Fiches à vérifier ») are listed for administrators. */
export const canReviewSheets = (viewer: Viewer): boolean => isAdmin(viewer);

/**
 * Who may take over the sheets of a deleted account, and whom a sheet's freshness reminder goes
 * to: an account that may own services and is still in use (not expired).
 */
export const canReceiveSheets = (user: Pick<User, "role" | "status" | "expiration">, now = new Date()): boolean =>
  canOwnSheets(user) && isActiveAccount(user, now);

/** An account named to take over sheets that may not hold them. */
export const SHEETS_RECIPIENT_REFUSED =
  "Les fiches ne peuvent être confiées qu'à un compte professionnel (gestionnaire de service) ou administrateur actif.";

/**
 * Why the viewer may not hand the sheets of the account being deleted (`fromId`) to `recipient`,
 * or null when they may: administrators hand them, to another account that may receive them.
 */
export function sheetHandOverRefusal(
  viewer: Viewer,
  fromId: string,
  recipient: Pick<User, "id" | "role" | "status" | "expiration">,
  now = new Date(),
): string | null {
  if (!isAdmin(viewer)) return "Seuls les administrateurs confient les fiches d'un compte supprimé.";
  if (recipient.id === fromId || !canReceiveSheets(recipient, now)) return SHEETS_RECIPIENT_REFUSED;
  return null;
}
