import { describe, expect, it } from "vitest";
import type { ServiceFullFragment } from "../../generated/sheet-editing";
import { serviceMeta, shortDescription } from "./page-meta";

const service: ServiceFullFragment = {
  id: "s1",
  serviceName: "Relais petite enfance du Béarn",
  city: "Pau",
  phone: "",
  mobile: "06 12 34 56 78",
  types: ["RPE"],
  ages: ["PETITE_ENFANCE"],
  serviceManager: "Mairie",
  email: "rpe@pau.fr",
  website: "https://www.pau.fr/rpe",
  externalLink: null,
  fullAddress: "1 place Royale",
  zip: "64000",
  epci: "CA Pau Béarn Pyrénées",
  coveredLocations: [],
  description: JSON.stringify({
    ops: [{ insert: "Un lieu d'information\npour les parents et les assistantes maternelles.\n" }],
  }),
  userIds: [],
  checkedAt: "2026-11-02T09:00:00.000Z",
  needsReview: false,
  location: null,
  owner: null,
  openingStatus: null,
  openingHours: null,
  viewerCan: { update: false, delete: false },
  availability: null,
};

describe("page descriptions", () => {
  it("keeps about 160 characters, cut at a word", () => {
    const text = "Un atelier ".repeat(30);
    const short = shortDescription(text);
    expect(short.length).toBeLessThanOrEqual(160);
    // Whole words only: what precedes « … » is the text up to a space.
    expect(short.endsWith("…")).toBe(true);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(text[short.length - 1]).toBe(" ");
    expect(shortDescription("  Court  \n texte ")).toBe("Court texte");
  });

  it("reads a service's Quill description as text, and names a service that is not child care a LocalBusiness", () => {
    const meta = serviceMeta(service, (type) => ({ RPE: "Relais petite enfance" })[type] ?? type);
    expect(meta.description).toBe("Un lieu d'information pour les parents et les assistantes maternelles.");
    expect(meta.jsonLd).toMatchObject({
      "@type": "LocalBusiness",
      telephone: "06 12 34 56 78",
      sameAs: ["https://www.pau.fr/rpe"],
    });
    expect(meta.jsonLd).not.toHaveProperty("geo");
    const plain = serviceMeta({ ...service, description: null, types: ["MICRO_CRECHE"] }, () => "Micro-crèche");
    expect(plain.description).toBe("Micro-crèche à Pau.");
    expect(plain.jsonLd!["@type"]).toBe("ChildCare");
  });

  it("gives the hours as schema.org's openingHoursSpecification, without empty fields", () => {
    const schemaOrg = [
      {
        __typename: "OpeningHoursSpecification" as const,
        dayOfWeek: ["https://schema.org/Monday"],
        opens: "08:30:00",
        closes: "12:30:00",
        validFrom: null,
        validThrough: null,
        description: null,
      },
    ];
    const hours = { closedOnPublicHolidays: true, week: [], closures: [], specialOpenings: [], schemaOrg };
    expect(serviceMeta({ ...service, openingHours: hours }, () => "").jsonLd!.openingHoursSpecification).toEqual([
      { dayOfWeek: ["https://schema.org/Monday"], opens: "08:30:00", closes: "12:30:00" },
    ]);
    expect(serviceMeta(service, () => "").jsonLd).not.toHaveProperty("openingHoursSpecification");
  });
});
