import { describe, expect, it } from "vitest";
import { wholeOnlyWords } from "../../shared/search-words";
import { indexWords, queryWords, singular } from "./text-normalization";

describe("words of the search", () => {
  it("indexes a text's distinct words in normal form and in the singular, without stop words", () => {
    expect(indexWords("Les ateliers des Crèches et l'atelier « Jeux » à Pau")).toEqual([
      "atelier",
      "creche",
      "jeu",
      "pau",
    ]);
  });

  it("keeps short words and words ending in ss whole", () => {
    expect(singular("bus")).toBe("bus");
    expect(singular("stress")).toBe("stress");
    expect(singular("parents")).toBe("parent");
  });

  it("reads a query the same way, a word of three letters or more also as a beginning", () => {
    expect(queryWords("Crèches de PAU en")).toEqual([
      { word: "creche", prefix: true },
      { word: "pau", prefix: true },
    ]);
    expect(queryWords("le la")).toEqual([]);
  });

  it("says which words are looked for whole only, as the search reads them (the web explains them when nothing matches)", () => {
    for (const query of ["cr", "Cr ma", "crè", "Ça va", "0-3 ans", "le cr de la", "crèche RPE", "œu", "É", ""]) {
      const searchedWhole = queryWords(query)
        .filter(({ word, prefix }) => !prefix && !/\d/.test(word))
        .map(({ word }) => word);
      expect(wholeOnlyWords(query), query).toEqual(searchedWhole);
    }
    expect(wholeOnlyWords("Cr ma crè")).toEqual(["cr", "ma"]);
  });
});
