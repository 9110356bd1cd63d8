import { describe, expect, it } from "vitest";
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
});
