import { describe, expect, it } from "vitest";
import { SERVICE_TYPES, ServiceType } from "./reference.data";
import { SERVICE_TYPE_FALC } from "./service-type-falc";

/** The longest sentence a FALC text may hold, in words. */
const MAX_WORDS = 15;

/** Words: what holds a letter or a digit (« : » and « – » are not words). */
const words = (sentence: string) => sentence.split(/\s+/).filter((token) => /[\p{L}\d]/u.test(token));

/** An abbreviation in capitals (« LAEP », « CAF »): FALC spells things out. */
const ABBREVIATION = /(?<!\p{L})\p{Lu}{2,}(?!\p{L})/u;

/** Words often written without their accents: each must not appear bare. */
const UNACCENTED = [
  "creche",
  "creches",
  "ecole",
  "etre",
  "tres",
  "deja",
  "apres",
  "activite",
  "activites",
  "evenement",
  "evenements",
  "securite",
  "gratuite",
  "demarche",
  "demarches",
  "sejour",
  "separation",
  "deces",
  "mediation",
  "scolarite",
  "ludotheque",
  "reseau",
  "reseaux",
  "age",
  "ages",
  "a partir",
  "jusqua",
  "frere",
  "mere",
  "pere",
];

describe("the service types in « Facile à lire et à comprendre »", () => {
  it("has an explanation for each of the 24 types, and none for an unknown one", () => {
    expect(SERVICE_TYPES).toHaveLength(24);
    expect(Object.keys(SERVICE_TYPE_FALC).sort()).toEqual(Object.values(ServiceType).sort());
    for (const type of SERVICE_TYPES) expect(type.falc, type.value).toBe(SERVICE_TYPE_FALC[type.value]);
  });

  describe.each(Object.entries(SERVICE_TYPE_FALC))("%s", (type, sentences) => {
    it("says it in a few short sentences, one idea each", () => {
      expect(sentences.length, type).toBeGreaterThanOrEqual(4);
      expect(sentences.length, type).toBeLessThanOrEqual(8);
      for (const sentence of sentences) {
        expect(words(sentence).length, sentence).toBeLessThanOrEqual(MAX_WORDS);
        // One sentence a line: a capital first, one full stop (or question mark) at the end.
        expect(sentence, sentence).toMatch(/^[\p{Lu}«]/u);
        expect(sentence, sentence).toMatch(/[^.?!][.?!]$/);
        expect(sentence.slice(0, -1), `one sentence only: ${sentence}`).not.toMatch(/[.?!]\s/);
        // A long word list is not plain words: three commas make one list too many.
        expect(sentence.split(",").length, sentence).toBeLessThanOrEqual(4);
      }
    });

    it("spells out what it names: no abbreviation, the Caf said in full", () => {
      const text = sentences.join(" ");
      expect(text, type).not.toMatch(ABBREVIATION);
      const cafMentions = text.match(/\bCaf\b/g) ?? [];
      if (cafMentions.length > 0) expect(text, type).toContain("Caf (caisse d'allocations familiales)");
      // Typography of the portal: « guillemets », straight apostrophes, no double spaces.
      expect(text, type).not.toMatch(/["“”’]|\s{2}/);
      expect(text, type).not.toMatch(/\s[,.]/);
    });

    it("writes its French with its accents", () => {
      const plain = sentences.join(" ").toLowerCase().replace(/'/g, "");
      for (const bare of UNACCENTED)
        expect(plain, `« ${bare} » sans accent`).not.toMatch(new RegExp(`(?<!\\p{L})${bare}(?!\\p{L})`, "u"));
    });
  });

  it("refuses what it must refuse (the rules above can fail)", () => {
    expect(words("Un lieu pour jouer : gratuit.")).toHaveLength(5);
    expect("Le LAEP accueille.").toMatch(ABBREVIATION);
    expect("La Caf aide.").not.toMatch(ABBREVIATION);
    expect("une creche".replace(/'/g, "")).toMatch(new RegExp(`(?<!\\p{L})creche(?!\\p{L})`, "u"));
    expect("une crèche").not.toMatch(new RegExp(`(?<!\\p{L})creche(?!\\p{L})`, "u"));
  });
});
