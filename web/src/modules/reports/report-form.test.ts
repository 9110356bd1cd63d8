import { describe, expect, it } from "vitest";
import { EMPTY_REPORT, messageCounter, reportErrors } from "./report-form";

describe("the « Signaler une erreur » form", () => {
  it("asks for ten characters once spaces are reduced, and a valid address when one is given", () => {
    expect(reportErrors({ ...EMPTY_REPORT, message: "  pas    bon   " })).toEqual({
      message: "Décrivez ce qui est inexact en 10 caractères au moins.",
    });
    expect(reportErrors({ ...EMPTY_REPORT, message: "Le téléphone a changé.", email: "parent@example" })).toEqual({
      email: "L'adresse e-mail n'est pas valide.",
    });
    expect(reportErrors({ ...EMPTY_REPORT, message: "Le téléphone a changé.", email: " parent@example.org " })).toEqual(
      {},
    );
    expect(reportErrors({ ...EMPTY_REPORT, message: "x".repeat(2001) }).message).toBe(
      "Le message ne doit pas dépasser 2000 caractères.",
    );
  });

  it("counts what will be sent", () => {
    expect(messageCounter("  deux   mots ")).toBe("9 / 2000 caractères");
  });
});
