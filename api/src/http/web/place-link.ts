import type { GeoService } from "../../modules/geo/geo.service";

/** The longest place text the services list reads (its « Où ? » field's limit). */
const MAX_PLACE_TEXT = 150;

/**
 * A link to the services near a place named in words (`/services?ou=Lescar`, `?ou=64000`,
 * `?ou=st jean de luz`), or to the events near it (`/actualites?category=EVENT&ou=Lescar`: the
 * events list's « Où ? »), as a partner's site or a message may write it: the town is found in
 * the department's list, and the link answers with the address the « Où ? » field gives for
 * that town (its name, its centre, the radius asked or the default one), the other parameters
 * kept. Null when the link already has a position, or its text names no single town with a
 * known centre: the list then shows as before.
 */
export async function placeLinkTarget(url: URL, geo: Pick<GeoService, "townNamedInText">): Promise<string | null> {
  const params = url.searchParams;
  const events = (url.pathname === "/actualites" || url.pathname === "/") && params.get("category") === "EVENT";
  if (url.pathname !== "/services" && !events) return null;
  const text = params.get("ou")?.trim() ?? "";
  if (!text || text.length > MAX_PLACE_TEXT || params.has("lat") || params.has("lon")) return null;
  const town = await geo.townNamedInText(text);
  const centre = town?.location ?? null;
  if (!town || !centre) return null;
  params.set("ou", town.city);
  params.set("lat", centre.lat.toFixed(5));
  params.set("lon", centre.lon.toFixed(5));
  return `${url.pathname}?${params.toString()}`;
}
