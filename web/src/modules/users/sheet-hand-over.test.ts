import { describe, expect, it } from "vitest";
import { aloneHeading, deletionNotice, sharedHeading } from "./sheet-hand-over";

describe("handing a deleted account's sheets over", () => {
  it("says how many sheets the account owns alone, and shares", () => {
    expect(aloneHeading(1)).toBe("Ce compte est le seul propriétaire d'une fiche de service :");
    expect(aloneHeading(3)).toBe("Ce compte est le seul propriétaire de 3 fiches de service :");
    expect(sharedHeading(1)).toBe("Il partage aussi une fiche avec d'autres comptes, qui la gardent :");
    expect(sharedHeading(2)).toBe("Il partage aussi 2 fiches avec d'autres comptes, qui les gardent :");
  });

  it("says where the sheets went once the account is deleted", () => {
    expect(deletionNotice({ erase: false, handed: 0, recipient: null })).toBe("Utilisateur supprimé");
    expect(deletionNotice({ erase: true, handed: 0, recipient: "Paul Durand" })).toBe(
      "Utilisateur supprimé, données personnelles effacées",
    );
    expect(deletionNotice({ erase: false, handed: 2, recipient: null })).toBe(
      "Utilisateur supprimé ; ses 2 fiches confiées aux administrateurs",
    );
    expect(deletionNotice({ erase: false, handed: 1, recipient: "Paul Durand" })).toBe(
      "Utilisateur supprimé ; sa fiche confiée à Paul Durand",
    );
  });
});
