import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTestPortal } from "../test/portal";

describe("reference data, towns and health", () => {
  const t = useTestPortal();

  it("answers /healthz when the database answers", async () => {
    const response = await t.rest("GET", "/healthz");
    expect(response).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("exposes every enumeration with its French labels", async () => {
    const { data } = await t.graphql<any>(`{ referenceData {
      roles { value label } ages { value label } categories { value label } thematics { value label }
      networks { value label } userStatuses { value label } serviceTypes { value label description ages } } }`);
    const reference = data.referenceData;
    expect(reference.roles).toEqual([
      { value: "NEWS_PARTNER", label: "Créateur de contenu" },
      { value: "FULL_PARTNER", label: "Partenaire" },
      { value: "ADMIN", label: "Administrateur" },
    ]);
    expect(reference.serviceTypes).toHaveLength(24);
    for (const type of reference.serviceTypes) {
      expect(type.description.length).toBeGreaterThan(100);
      expect(type.ages).toEqual(["DEVENIR", "PETITE_ENFANCE", "ENFANCE", "ADOLESCENCE"]);
    }
    expect(reference.networks).toHaveLength(15);
    expect(reference.networks).toContainEqual({ value: "ALL", label: "Tous les réseaux" });
    expect(reference.ages.map((a: { label: string }) => a.label)).toContain("0-3 ans");
    expect(reference.categories).toContainEqual({ value: "EVENT", label: "Actualité : évènement" });
    expect(reference.thematics).toHaveLength(5);
  });

  it("lists the department's towns grouped by EPCI, all of them, in French order", async () => {
    const file = JSON.parse(readFileSync(join(__dirname, "db", "data", "towns-64.json"), "utf8"));
    const { data } = await t.graphql<any>(
      `{ department { code name } townGroups { epci towns { inseeCode city location { lat lon } } } }`,
    );
    expect(data.department).toEqual({ code: "64", name: "Pyrénées-Atlantiques" });
    const towns = data.townGroups.flatMap((group: { towns: unknown[] }) => group.towns);
    expect(towns).toHaveLength(file.towns.length);
    const epcis = data.townGroups.map((group: { epci: string }) => group.epci);
    expect(epcis).toEqual([...epcis].sort((a: string, b: string) => a.localeCompare(b, "fr")));
    const pau = towns.find((town: { inseeCode: string }) => town.inseeCode === "64445");
    expect(pau.city).toBe("Pau");
    // Every town of the department is located from the committed outlines (none waits for a geocoder).
    expect(file.coverage.withCoordinates).toBe(file.coverage.towns);
    const withoutCoordinates = towns.filter((town: { location: unknown }) => town.location === null);
    expect(withoutCoordinates).toEqual([]);
  });

  it("names the publisher from the department when none is configured", async () => {
    const { data } = await t.graphql<any>(`{ site { publisherName hostName departmentName } }`);
    expect(data.site.publisherName).toBe("Caisse d'allocations familiales des Pyrénées-Atlantiques");
    expect(data.site.departmentName).toBe("Pyrénées-Atlantiques");
  });
});
