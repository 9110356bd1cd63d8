import { describe, expect, it } from "vitest";
import { Age, buildSheet, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { countStatements, recordStatements } from "../../../test/statements";

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
    await buildSheet(ds, {
      serviceName: "Crèche Arc-en-ciel",
      types: [ServiceType.CRECHE],
      city: "Pau",
      epci: "CA Pau Béarn Pyrénées",
    });
    await buildSheet(ds, {
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
    expect(await names({ locations: ["bayonne "] })).toEqual(["Médiation familiale Adour"]);
    expect(await names({ locations: ["CA Pau Béarn Pyrénées"] })).toEqual([
      "Crèche Arc-en-ciel",
      "Médiation familiale Adour",
    ]);
    expect(await names({ locations: ["ca pau bearn pyrenees"] })).toEqual([
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
      await buildSheet(ds, {
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

  it("pages a phrase of several values (« relais »: the word or the type) in name order, each service once", async () => {
    const ds = t.portal.dataSource;
    const expected: string[] = [];
    // The word and the type, the word alone (another type), the type alone (another word).
    for (const [prefix, types, count] of [
      ["Relais petite enfance", [ServiceType.RPE], 7],
      ["Relais jeunes", [ServiceType.YOUTH_SUPPORT], 6],
      ["Rpe du", [ServiceType.RPE], 6],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const serviceName = `${prefix} ${String.fromCharCode(97 + ((i * 7) % 26))}${i}`;
        await buildSheet(ds, { serviceName, types: [...types] });
        expected.push(serviceName);
      }
    }
    await buildSheet(ds, { serviceName: "Crèche des Pins", types: [ServiceType.CRECHE] });
    expected.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const seen: string[] = [];
    for (let page = 0; page < 5; page++) {
      const result = await t.graphql<{ services: { count: number; results: { serviceName: string }[] } }>(
        `query ($input: ServiceSearchInput!) { services(input: $input) { count results { serviceName } } }`,
        { input: { textQuery: "relais", page, pageSize: 4 } },
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.services.count).toBe(19);
      seen.push(...result.data!.services.results.map((service) => service.serviceName));
    }
    expect(seen).toEqual(expected);
  });

  it("reads a page's description only when it is asked, and never its search text", async () => {
    const ds = t.portal.dataSource;
    await buildSheet(ds, { serviceName: "Ludothèque des Pins", types: [ServiceType.TOY_LIBRARY] });
    const read = async (fields: string) => {
      const statements = await recordStatements(ds, async () => {
        const result = await t.graphql<{ services: { results: unknown[] } }>(
          `query { services(input: { textQuery: "ludothèque" }) { results { ${fields} } } }`,
        );
        expect(result.errors).toBeUndefined();
        expect(result.data!.services.results).toHaveLength(1);
      });
      return statements.map(({ query }) => query).join("\n");
    };
    const cards = await read("serviceName city");
    expect(cards).toMatch(/serviceName/);
    expect(cards).not.toMatch(/description|searchText/);
    const sheets = await read("serviceName description");
    expect(sheets).toMatch(/description/);
    expect(sheets).not.toMatch(/searchText/);
  });

  it("reads a sheet's description but not its search columns", async () => {
    const ds = t.portal.dataSource;
    const service = await buildSheet(ds, { serviceName: "Ludothèque des Pins", types: [ServiceType.TOY_LIBRARY] });
    const statements = await recordStatements(ds, async () => {
      const result = await t.graphql<{ service: { serviceName: string; description: string } }>(
        `query ($id: ID!) { service(id: $id) { serviceName description } }`,
        { id: service.id },
      );
      expect(result.data?.service).toEqual({ serviceName: "Ludothèque des Pins", description: service.description });
    });
    const read = statements.map(({ query }) => query).join("\n");
    expect(read).toMatch(/description/);
    expect(read).not.toMatch(/searchText|latitudeBand|typeBits|ageBits/);
  });
});
