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
