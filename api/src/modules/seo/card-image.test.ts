import { describe, expect, it } from "vitest";
import { CARD, renderCard, titleLines } from "./card-image";

describe("link-preview cards", () => {
  it("wrap a title in at most four lines at words, a no-break space holding two words together", () => {
    expect(titleLines("Fête du jeu", 26)).toEqual(["Fête du jeu"]);
    expect(titleLines("Café des parents\u00a0: parler des écrans en famille", 20)).toEqual([
      "Café des parents\u00a0:",
      "parler des écrans en",
      "famille",
    ]);
    const long = titleLines("un deux trois quatre cinq six sept huit neuf dix onze douze treize", 10);
    expect(long).toHaveLength(4);
    expect(long[3].endsWith("…")).toBe(true);
    expect(long.every((line) => line.length <= 11)).toBe(true);
  });

  it("draw a 1200 × 630 PNG with the portal's own font", () => {
    const png = renderCard({
      title: "Relais petite enfance <Béarn> & « Pau »",
      kind: "Service",
      siteName: "Portail parentalité",
    });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CARD.width, CARD.height]);
  });
});
