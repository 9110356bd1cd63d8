import { Network } from "../modules/reference/reference.data";
import { isAdmin, type Viewer } from "./viewer";

/**
 * Which network-restricted media a viewer may see. A media with networks is
 * visible to signed-in users who share one of them, to members of any network
 * when it is meant for 'all' networks, to users whose profile has 'all', to its
 * own authors and to admins; anyone else never learns it exists.
 */
export type MediaVisibility =
  { kind: "everything" } | { kind: "public-and"; networks: Network[]; authorId: string | null };

export function mediaVisibility(viewer: Viewer): MediaVisibility {
  const user = viewer.user;
  if (!user) return { kind: "public-and", networks: [], authorId: null };
  if (isAdmin(viewer) || user.networks.includes(Network.ALL)) return { kind: "everything" };
  // Any network member also sees what is addressed to every network.
  const networks = user.networks.length > 0 ? [...user.networks, Network.ALL] : [];
  return { kind: "public-and", networks, authorId: user.id };
}

/**
 * Whether a viewer may read a media: a draft or a scheduled article is its authors' and the
 * administrators' only; a published one is everyone's, or its networks' (see mediaVisibility).
 */
export function canReadMedia(
  viewer: Viewer,
  media: { networks: Network[]; userIds: string[]; published: boolean },
): boolean {
  if (!media.published) return canEditMedia(viewer, media);
  if (media.networks.length === 0) return true;
  const visibility = mediaVisibility(viewer);
  if (visibility.kind === "everything") return true;
  if (visibility.authorId && media.userIds.includes(visibility.authorId)) return true;
  return media.networks.some((network) => visibility.networks.includes(network));
}

/**
 * What anyone may read, signed in or not (the sitemap, link-preview cards): a published media
 * reserved to no network. The same rule as `canReadMedia(ANONYMOUS, media)`, for a row whose
 * `restricted` column says whether it has networks.
 */
export const isPublicMedia = (media: { published: boolean; restricted: boolean }): boolean =>
  media.published && !media.restricted;

/** isPublicMedia as an SQL condition on the media table under `alias` (its index serves it). */
export const publicMediaCriteria = (alias: string): string => `${alias}.published = 1 AND ${alias}.restricted = 0`;

/** The owner (any account among userIds) or an administrator may edit or delete a media. */
export function canEditMedia(viewer: Viewer, media: { userIds: string[] }): boolean {
  if (!viewer.user) return false;
  return isAdmin(viewer) || media.userIds.includes(viewer.user.id);
}

/**
 * The networks an author may restrict a media to: their own, or all of them
 * when their profile has 'all' (administrators too).
 */
export function allowedNetworks(viewer: Viewer): Network[] | "all" {
  const user = viewer.user;
  if (!user) return [];
  if (isAdmin(viewer) || user.networks.includes(Network.ALL)) return "all";
  return user.networks;
}

/** Who an article belongs to is shown to administrators only (its authors know it). */
export const canSeeMediaOwner = (viewer: Viewer): boolean => isAdmin(viewer);
