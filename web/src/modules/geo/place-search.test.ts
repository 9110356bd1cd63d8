import { describe, expect, it } from "vitest";
import { enterTakesFirst, matchingTowns, namesTowns, type PlaceTown, soundKey } from "./place-search";

const town = (city: string, postcode: string): PlaceTown => ({ city, postcodes: [postcode], lat: 43, lon: -0.5 });
const TOWNS = [
  town("Lescar", "64230"),
  town("Lescun", "64490"),
  town("Saint-Jean-de-Luz", "64500"),
  town("Jurançon", "64110"),
  town("Lons", "64140"),
  town("Pau", "64000"),
];

describe("matchingTowns", () => {
  it("puts the whole name first, then names starting with the text, then names with a word that does", () => {
    expect(matchingTowns(TOWNS, "Lescar", 6).map((t) => t.city)).toEqual(["Lescar"]);
    expect(matchingTowns(TOWNS, "les", 6).map((t) => t.city)).toEqual(["Lescar", "Lescun"]);
    expect(matchingTowns(TOWNS, "jean", 6).map((t) => t.city)).toEqual(["Saint-Jean-de-Luz"]);
    expect(matchingTowns(TOWNS, "JURANCON", 6).map((t) => t.city)).toEqual(["Jurançon"]);
    expect(matchingTowns(TOWNS, "saint jean de", 6).map((t) => t.city)).toEqual(["Saint-Jean-de-Luz"]);
  });

  it("reads « St » and « Ste » as Saint and Sainte", () => {
    const towns = [...TOWNS, town("Oloron-Sainte-Marie", "64400"), town("Saint-Jean-Pied-de-Port", "64220")];
    expect(matchingTowns(towns, "St Jean", 6).map((t) => t.city)).toEqual([
      "Saint-Jean-de-Luz",
      "Saint-Jean-Pied-de-Port",
    ]);
    expect(matchingTowns(towns, "oloron ste marie", 6).map((t) => t.city)).toEqual(["Oloron-Sainte-Marie"]);
    expect(matchingTowns(towns, "ste-marie", 6).map((t) => t.city)).toEqual(["Oloron-Sainte-Marie"]);
  });

  it("gives every town of a whole postcode, beyond the limit", () => {
    const shared = ["Arbus", "Artiguelouve", "Aussevielle", "Beyrie-en-Béarn", "Bougarber", "Denguin", "Lescar"];
    const towns = [...shared.map((city) => town(city, "64230")), town("Lons", "64140")];
    expect(matchingTowns(towns, "64230", 6).map((t) => t.city)).toEqual(shared);
    expect(matchingTowns(towns, "642", 6)).toHaveLength(6);
  });

  it("finds towns by postcode and stops at the limit", () => {
    expect(matchingTowns(TOWNS, "6423", 6).map((t) => t.city)).toEqual(["Lescar"]);
    expect(matchingTowns(TOWNS, "64", 3)).toHaveLength(3);
    expect(matchingTowns(TOWNS, "  ", 6)).toEqual([]);
    expect(matchingTowns(TOWNS, "Bordeaux", 6)).toEqual([]);
  });

  it("finds a name typed as heard, or one letter off, when no name is spelled so", () => {
    const towns = [
      ...TOWNS,
      town("Orthez", "64300"),
      town("Biarritz", "64200"),
      town("Anglet", "64600"),
      town("Oloron-Sainte-Marie", "64400"),
      town("Hendaye", "64700"),
      town("Larceveau-Arros-Cibits", "64120"),
    ];
    const names = (text: string) => matchingTowns(towns, text, 6).map((t) => t.city);
    expect(names("ortez")).toEqual(["Orthez"]);
    expect(names("Orthes")).toEqual(["Orthez"]);
    expect(names("biaritz")).toEqual(["Biarritz"]);
    expect(names("Anglette")).toEqual(["Anglet"]);
    expect(names("endaye")).toEqual(["Hendaye"]);
    expect(names("olorom")).toEqual(["Oloron-Sainte-Marie"]);
    expect(names("jurencon")).toEqual(["Jurançon"]);
    // A word of the name, as heard.
    expect(names("sainte mari")).toEqual(["Oloron-Sainte-Marie"]);
    // A name spelled right brings no loose neighbours.
    expect(names("lescar")).toEqual(["Lescar"]);
    expect(names("lons")).toEqual(["Lons"]);
    // Too short to guess, or nothing close.
    expect(names("orz")).toEqual([]);
    expect(names("Bordeaux")).toEqual([]);
    // Four sounds one letter from a word's (« xyzzy » sounds « sisi », Cibits « sibi… »): no guess.
    expect(names("Xyzzy")).toEqual([]);
    expect(names("cibit")).toEqual(["Larceveau-Arros-Cibits"]);
  });

  it("writes alike the letters that sound alike", () => {
    expect(soundKey("Orthez")).toBe(soundKey("ortes"));
    expect(soundKey("Biarritz")).toBe(soundKey("BIARITS"));
    expect(soundKey("Saint-Pée-sur-Nivelle")).toBe(soundKey("st pee sur nivel"));
    expect(soundKey("Lescar")).not.toBe(soundKey("Lescun"));
  });
});

describe("enterTakesFirst", () => {
  it("takes the first proposal for a name or a single town, not for a postcode several towns share", () => {
    expect(enterTakesFirst("orth", 3)).toBe(true);
    expect(enterTakesFirst("64000", 1)).toBe(true);
    expect(enterTakesFirst("64300", 6)).toBe(false);
    expect(enterTakesFirst(" 64 300 ", 6)).toBe(false);
    // An address with its number: the address service's first answer is its best.
    expect(enterTakesFirst("12 rue des Cordeliers", 4)).toBe(true);
    // Towns guessed from how the text sounds are offered, never taken at Enter alone.
    expect(enterTakesFirst("bordeaux", 1, true)).toBe(false);
  });
});

describe("namesTowns", () => {
  it("tells towns designated by name or postcode from towns guessed by sound", () => {
    expect(namesTowns(TOWNS, "jean")).toBe(true);
    expect(namesTowns(TOWNS, "St Jean de Luz")).toBe(true);
    expect(namesTowns(TOWNS, "641")).toBe(true);
    expect(namesTowns(TOWNS, "lescarr")).toBe(false);
    expect(matchingTowns(TOWNS, "lescarr", 6).map((found) => found.city)).toEqual(["Lescar"]);
    expect(namesTowns(TOWNS, "33000")).toBe(false);
  });
});
