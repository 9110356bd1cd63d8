import { describe, expect, it } from "vitest";
import { Age, buildService, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { countStatements } from "../../../test/statements";

const SEARCH = `query ($input: ServiceSearchInput!) { services(input: $input) { count results { serviceName mobile } } }`;

describe("services through GraphQL", () => {
  const t = useTestPortal();
  const names = async (input: Record<string, unknown>) => {
    const result = await t.graphql<{ services: { results: { serviceName: string }[] } }>(SEARCH, { input });
    expect(result.errors).toBeUndefined();
    return result.data!.services.results.map((s) => s.serviceName);
  };

  it("filters by type, age, own town or covered EPCI, and text", async () => {
    const ds = t.portal.dataSource;
    await buildService(ds, {
      serviceName: "Crèche Arc-en-ciel",
      types: [ServiceType.CRECHE],
      city: "Pau",
      epci: "CA Pau Béarn Pyrénées",
    });
    await buildService(ds, {
      serviceName: "Médiation familiale Adour",
      types: [ServiceType.FAMILY_MEDIATION],
      ages: [Age.FAMMILY],
      city: "Bayonne",
      epci: "CA du Pays Basque",
      coveredLocations: ["CA Pau Béarn Pyrénées"],
    });

    expect(await names({ types: ["CRECHE"] })).toEqual(["Crèche Arc-en-ciel"]);
    expect(await names({ ages: ["FAMMILY"] })).toEqual(["Médiation familiale Adour"]);
    expect(await names({ locations: ["Bayonne"] })).toEqual(["Médiation familiale Adour"]);
    expect(await names({ locations: ["CA Pau Béarn Pyrénées"] })).toEqual([
      "Crèche Arc-en-ciel",
      "Médiation familiale Adour",
    ]);
    expect(await names({ textQuery: "creche arc" })).toEqual(["Crèche Arc-en-ciel"]);
  });

  it("answers NOT_FOUND for an unknown service", async () => {
    const result = await t.graphql(`query { service(id: "nope") { id } }`);
    expect(result.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("costs the same number of SQL statements for a page of 2 and a page of 15, filtered or not", async () => {
    const ds = t.portal.dataSource;
    for (let i = 0; i < 16; i++) {
      await buildService(ds, {
        serviceName: `Relais petite enfance ${String(i).padStart(2, "0")}`,
        types: [ServiceType.RPE],
        city: "Pau",
        epci: "CA Pau Béarn Pyrénées",
      });
    }
    const query = `query ($input: ServiceSearchInput!) { services(input: $input) { count results { id serviceName } } }`;
    const cost = (input: Record<string, unknown>) =>
      countStatements(ds, async () => {
        const result = await t.graphql<{ services: { count: number; results: unknown[] } }>(query, { input });
        expect(result.errors).toBeUndefined();
        expect(result.data!.services.count).toBe(16);
        expect(result.data!.services.results).toHaveLength(input.pageSize as number);
      });
    for (const filters of [{}, { types: ["RPE"], locations: ["Pau"], textQuery: "relais" }]) {
      const small = await cost({ ...filters, pageSize: 2 });
      expect(small).toBeGreaterThan(0);
      expect(await cost({ ...filters, pageSize: 15 })).toBe(small);
    }
  });
});
