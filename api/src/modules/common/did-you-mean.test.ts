import { describe, expect, it } from "vitest";
import { correctedText, editDistance, spellingKey, Vocabulary } from "./did-you-mean";

const towns = new Vocabulary(["Lescar", "Lescun", "Pau", "Saint-Jean-de-Luz", "Orthez", "Lons"]);
const types = new Vocabulary([
  "crèche",
  "crèche familiale",
  { key: spellingKey("Relais Petite Enfance"), label: "Relais Petite Enfance" },
]);

describe("did you mean", () => {
  it("counts a swap of two neighbours as one edit, and stops past the limit", () => {
    expect(editDistance("lesacr", "lescar", 2)).toBe(1);
    expect(editDistance("familliale", "familiale", 2)).toBe(1);
    expect(editDistance("orthes", "orthez", 2)).toBe(1);
    expect(editDistance("bayonne", "lescar", 2)).toBe(3);
  });

  it("finds the closest name, none for a short or exact word, nor one too far", () => {
    expect(towns.closest(spellingKey("Lesacr"))).toEqual({ label: "Lescar", distance: 1 });
    expect(towns.closest(spellingKey("st jean de lus"))).toEqual({ label: "Saint-Jean-de-Luz", distance: 1 });
    expect(towns.closest(spellingKey("Lescar"))).toBeNull();
    expect(towns.closest(spellingKey("pua"))).toBeNull();
    expect(towns.closest(spellingKey("Bayonne"))).toBeNull();
  });

  it("corrects the misspelt names of a search, and keeps the other words as typed", () => {
    expect(correctedText("Lesacr", [towns, types])).toBe("Lescar");
    expect(correctedText("creche familliale", [towns, types])).toBe("crèche familiale");
    expect(correctedText("Crèche à Lesacr", [towns, types])).toBe("Crèche à Lescar");
    expect(correctedText("atelier orthes", [towns, types])).toBe("atelier Orthez");
    expect(correctedText("saint-jean-de-lus", [towns, types])).toBe("Saint-Jean-de-Luz");
    expect(correctedText("relais petite enfanse", [towns, types])).toBe("Relais Petite Enfance");
  });

  it("proposes nothing when nothing is misspelt, or the text is not words", () => {
    expect(correctedText("crèche Lescar", [towns, types])).toBeNull();
    expect(correctedText("atelier musique", [towns, types])).toBeNull();
    expect(correctedText("le la les", [towns, types])).toBeNull();
    expect(correctedText("??? 👶", [towns, types])).toBeNull();
    expect(correctedText("", [towns, types])).toBeNull();
    expect(correctedText("64230", [towns, types])).toBeNull();
  });
});
