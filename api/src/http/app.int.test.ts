import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type GraphQLFormattedError } from "graphql";
import { describe, expect, it } from "vitest";
import { useTestPortal } from "../../test/portal";

describe("reference data, towns and health", () => {
  const t = useTestPortal();

  it("answers /healthz when the database answers", async () => {
    const response = await t.rest("GET", "/healthz");
    expect(response).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers GraphQL clients' request mistakes as theirs, in French and in GraphQL's shape", async () => {
    const post = async (body: string) => {
      const response = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      return { status: response.status, body: (await response.json()) as { errors: GraphQLFormattedError[] } };
    };
    const twoOperations = "query A { __typename } query B { __typename }";
    const unnamed = await post(JSON.stringify({ query: twoOperations }));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors[0]).toMatchObject({
      message:
        "Requête invalide : elle contient plusieurs opérations, indiquez laquelle exécuter dans « operationName ».",
      extensions: { code: "BAD_USER_INPUT" },
    });
    const unknown = await post(JSON.stringify({ query: twoOperations, operationName: "C" }));
    expect(unknown.body.errors[0]).toMatchObject({
      message: "Requête invalide : aucune opération ne s'appelle « C ».",
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect((await post(JSON.stringify({ query: twoOperations, operationName: "B" }))).body).toEqual({
      data: { __typename: "Query" },
    });
    // A JSON body over its 3 MB: the request's limit, not a file's.
    const huge = await post(JSON.stringify({ query: "{ __typename }", variables: { x: "x".repeat(4 * 1024 * 1024) } }));
    expect(huge).toEqual({
      status: 413,
      body: { errors: [{ message: "La requête est trop volumineuse.", extensions: { code: "BAD_USER_INPUT" } }] },
    });
    const malformed = await post("{ not json");
    expect(malformed).toEqual({
      status: 400,
      body: {
        errors: [
          { message: "Requête invalide : le contenu envoyé est illisible.", extensions: { code: "BAD_USER_INPUT" } },
        ],
      },
    });
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
    const file = JSON.parse(readFileSync(join(__dirname, "..", "db", "data", "towns-64.json"), "utf8"));
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
