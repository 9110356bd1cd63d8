import { afterEach, describe, expect, it } from "vitest";
import { parseListState, type ListMode, type PlaceState } from "../filters/url-state";
import { CHILDCARE_TYPES, ENTRY_POINTS, entryPointHref, SUPPORT_TYPES } from "./entry-points";
import { storedPlace, storePlace } from "./place-memory";

const LESCAR: PlaceState = { label: "Lescar", lat: 43.34051, lon: -0.4282, radiusKm: 10 };
const AROUND: PlaceState = { label: "Autour de moi", lat: 43.295, lon: -0.371, radiusKm: 10 };
const ADDRESS: PlaceState = { label: "12 Rue des Cordeliers 64000 Pau", lat: 43.2951, lon: -0.3708, radiusKm: 20 };

/** The list an address opens, as the list itself reads it. */
function opened(href: string) {
  const url = new URL(href, "https://portail.example");
  const mode: ListMode =
    url.pathname === "/services" ? "services" : url.pathname === "/ressources" ? "resources" : "news";
  return { path: url.pathname, state: parseListState(url.searchParams, mode) };
}

describe("« Que cherchez-vous ? »", () => {
  it("offers four needs in a parent's words", () => {
    expect(ENTRY_POINTS.map((entry) => entry.label)).toEqual([
      "Faire garder mon enfant",
      "Sorties et ateliers près de chez moi",
      "Être aidé, être écouté",
      "Des conseils pour chaque âge",
    ]);
  });

  it("« Faire garder mon enfant » opens the services of child care around the place chosen", () => {
    const { path, state } = opened(entryPointHref("childcare", LESCAR));
    expect(path).toBe("/services");
    expect(state.filters.types).toEqual(CHILDCARE_TYPES);
    expect(state.filters.types).toEqual(
      expect.arrayContaining(["CRECHE", "MICRO_CRECHE", "FAMILY_CRECHE", "DROP_IN_NURSERY", "MAM", "RPE"]),
    );
    expect(state.place).toEqual(LESCAR);
    expect(state.text).toBe("");
    expect(state.page).toBe(1);
  });

  it("keeps the radius and the point of « Autour de moi » or an address", () => {
    expect(opened(entryPointHref("childcare", AROUND)).state.place).toEqual(AROUND);
    expect(opened(entryPointHref("support", ADDRESS)).state.place).toEqual(ADDRESS);
  });

  it("searches the whole département without a place", () => {
    const { state } = opened(entryPointHref("childcare", null));
    expect(state.place).toBeNull();
    expect(state.filters.types).toEqual(CHILDCARE_TYPES);
  });

  it("« Être aidé, être écouté » opens the places to talk and be listened to: LAEP, mediation, social centres…", () => {
    const { path, state } = opened(entryPointHref("support", LESCAR));
    expect(path).toBe("/services");
    expect(state.filters.types).toEqual(SUPPORT_TYPES);
    expect(state.filters.types).toEqual(
      expect.arrayContaining(["LAEP", "FAMILY_MEDIATION", "SOCIAL_CENTRES", "PARENTING_SUPPORT"]),
    );
    // None of the child care: the two needs do not overlap.
    expect(state.filters.types.filter((type) => CHILDCARE_TYPES.includes(type))).toEqual([]);
  });

  it("« Sorties et ateliers près de chez moi » opens the events around the place, whatever its kind", () => {
    for (const place of [LESCAR, AROUND, ADDRESS]) {
      const { path, state } = opened(entryPointHref("outings", place));
      expect(path).toBe("/actualites");
      expect(state.filters.category).toBe("EVENT");
      // The events list's own « Où ? », not the places the events concern.
      expect(state.filters.eventNear).toEqual(place);
      expect(state.filters.towns).toEqual([]);
    }
    // The events list's parameters, as its « Où ? » writes them; the default radius unsaid.
    expect(entryPointHref("outings", LESCAR)).toBe("/actualites?ou=Lescar&lat=43.34051&lon=-0.42820&category=EVENT");
    expect(entryPointHref("outings", AROUND)).toBe(
      "/actualites?ou=Autour+de+moi&lat=43.29500&lon=-0.37100&category=EVENT",
    );
  });

  it("leads to every event, and to the services of the whole département, without a place", () => {
    expect(entryPointHref("outings", null)).toBe("/actualites?category=EVENT");
    expect(opened(entryPointHref("outings", null)).state.filters.eventNear).toBeNull();
    expect(opened(entryPointHref("support", null)).state.place).toBeNull();
    expect(entryPointHref("childcare", null)).not.toMatch(/ou=|lat=|lon=|rayon=/);
  });

  it("« Faire garder mon enfant » and « Être aidé, être écouté » search around the place with the same parameters", () => {
    for (const place of [LESCAR, AROUND, ADDRESS]) {
      for (const entry of ["childcare", "support"] as const) {
        const params = new URL(entryPointHref(entry, place), "https://portail.example").searchParams;
        const events = new URL(entryPointHref("outings", place), "https://portail.example").searchParams;
        for (const key of ["ou", "lat", "lon", "rayon"]) expect(params.get(key), key).toBe(events.get(key));
      }
    }
    expect(new URL(entryPointHref("support", ADDRESS), "https://portail.example").searchParams.get("rayon")).toBe("20");
  });

  it("« Des conseils pour chaque âge » opens the resources", () => {
    expect(entryPointHref("advice", LESCAR)).toBe("/ressources");
  });
});

describe("« Où ? » remembered on the device", () => {
  const storage = new Map<string, string>();
  const fake = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  };
  afterEach(() => {
    storage.clear();
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it("keeps the place for the next visit, and forgets it when cleared", () => {
    Object.assign(globalThis, { localStorage: fake });
    expect(storedPlace()).toBeNull();
    storePlace({ ...LESCAR, radiusKm: 20 });
    expect(storedPlace()).toEqual({ ...LESCAR, radiusKm: 20 });
    storePlace(null);
    expect(storedPlace()).toBeNull();
  });

  it("reads back only a valid place, through the list's own checks", () => {
    Object.assign(globalThis, { localStorage: fake });
    storage.set("portail.lieu", "ou=Lescar&lat=200&lon=-0.4");
    expect(storedPlace()).toBeNull();
    storage.set("portail.lieu", "ou=Lescar&lat=43.34051&lon=-0.4282&rayon=7");
    // A radius the list does not offer is its default one.
    expect(storedPlace()).toEqual(LESCAR);
  });

  it("does without storage (private browsing, a server)", () => {
    expect(storedPlace()).toBeNull();
    expect(() => storePlace(LESCAR)).not.toThrow();
  });
});
