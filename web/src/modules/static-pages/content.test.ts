import { describe, expect, it } from "vitest";
import { PERSONAL_DATA_RETENTION_MONTHS } from "../../../../api/src/shared/rules";
import { legalNoticePage, type SiteIdentity } from "./content";

const SITE: SiteIdentity = {
  portalName: "Portail parentalité",
  departmentName: "Pyrénées-Atlantiques",
  departmentWithPreposition: "des Pyrénées-Atlantiques",
  publisherName: "Caf des Pyrénées-Atlantiques",
  publisherAddress: "10 avenue Dufau, 64000 Pau",
  publicationDirector: "La directrice",
  hostName: "Hébergeur",
  hostAddress: "",
  dpoContact: "dpo@example.org",
  contactEmail: "contact@example.org",
  publicUrl: "https://parentalite.example.fr",
};

/** The number of months as the notice writes it; a retention not listed here has no wording yet. */
const MONTHS_IN_WORDS: Record<number, string> = { 6: "six", 12: "douze", 24: "vingt-quatre" };

describe("the legal notice", () => {
  it("says the retention the portal applies (PersonalDataService), for accounts, requests and reports", () => {
    const section = legalNoticePage(SITE).sections.find((one) => one.heading === "Données personnelles");
    const text = section?.paragraphs.join("\n") ?? "";
    const months = `${MONTHS_IN_WORDS[PERSONAL_DATA_RETENTION_MONTHS]} mois`;
    expect(text).toContain(`effacées au plus tard ${months} après la date d'expiration du compte ou sa suppression`);
    expect(text).toContain("Les demandes d'adhésion non retenues sont effacées dans le même délai.");
    expect(text).toContain(`Les signalements d'erreur sont supprimés ${months} après avoir été traités`);
    // What is kept is said: the address left with a report is among the data collected.
    expect(text).toContain("l'adresse électronique que vous pouvez laisser en signalant une erreur");
  });
});
