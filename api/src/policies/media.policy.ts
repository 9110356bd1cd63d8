import { Viewer } from "../context";
import { Network, Role } from "../modules/reference/reference.data";

/**
 * Which network-restricted media a viewer may see. A media with networks is
 * visible only to signed-in users who share one of them (or have 'all') and to
 * admins; anyone else never learns it exists.
 */
export type MediaVisibility = { kind: "everything" } | { kind: "public-and"; networks: Network[] };

export function mediaVisibility(viewer: Viewer): MediaVisibility {
  const user = viewer.user;
  if (!user) return { kind: "public-and", networks: [] };
  if (viewer.role === Role.ADMIN || user.networks.includes(Network.ALL)) return { kind: "everything" };
  return { kind: "public-and", networks: user.networks };
}

export function canReadMedia(viewer: Viewer, media: { networks: Network[] }): boolean {
  if (media.networks.length === 0) return true;
  const visibility = mediaVisibility(viewer);
  return visibility.kind === "everything" || media.networks.some((network) => visibility.networks.includes(network));
}

/** The owner (any account among userIds) or an administrator may edit or delete a media. */
export function canEditMedia(viewer: Viewer, media: { userIds: string[] }): boolean {
  if (!viewer.user) return false;
  return viewer.role === Role.ADMIN || media.userIds.includes(viewer.user.id);
}

/**
 * The networks an author may restrict a media to: their own, or all of them
 * when their profile has 'all' (administrators too).
 */
export function allowedNetworks(viewer: Viewer): Network[] | "all" {
  const user = viewer.user;
  if (!user) return [];
  if (viewer.role === Role.ADMIN || user.networks.includes(Network.ALL)) return "all";
  return user.networks;
}
