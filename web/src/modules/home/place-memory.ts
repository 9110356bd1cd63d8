import { parseListState, type PlaceState } from "../filters/url-state";
import { listQuery } from "./entry-points";

/**
 * « Où ? » is remembered on this device for the next visit, and sent nowhere but in the searches
 * it leads to; kept as the services list writes a place in its address (`ou=Lescar&lat=…`), and
 * read back through the same checks.
 */
const PLACE_KEY = "portail.lieu";

export function storedPlace(): PlaceState | null {
  try {
    const stored = localStorage.getItem(PLACE_KEY);
    return stored ? (parseListState(new URLSearchParams(stored), "services").place ?? null) : null;
  } catch {
    return null;
  }
}

export function storePlace(place: PlaceState | null) {
  try {
    if (!place) localStorage.removeItem(PLACE_KEY);
    else localStorage.setItem(PLACE_KEY, listQuery("services", {}, place));
  } catch {
    // Storage may be unavailable (private mode): the place is then asked again next time.
  }
}
