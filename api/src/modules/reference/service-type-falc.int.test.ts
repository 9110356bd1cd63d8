import { describe, expect, it } from "vitest";
import { buildSheet } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { ServiceType } from "./reference.data";
import { SERVICE_TYPE_FALC } from "./service-type-falc";

describe("the service types' « Facile à lire et à comprendre » explanations, as the API gives them", () => {
  const t = useTestPortal();

  it("gives each of the 24 types its FALC sentences in GraphQL's reference data", async () => {
    const { data, errors } = await t.graphql<any>(`{ referenceData { serviceTypes { value label falc } } }`);
    expect(errors).toBeUndefined();
    const types = data.referenceData.serviceTypes as Array<{ value: ServiceType; label: string; falc: string[] }>;
    expect(types).toHaveLength(24);
    for (const type of types) expect(type.falc, type.value).toEqual(SERVICE_TYPE_FALC[type.value]);
    expect(types.find((type) => type.value === "LAEP")?.falc).toContain(
      "Vous venez quand vous voulez, sans vous inscrire.",
    );
  });

  it("gives a sheet its own types explained, in the sheet's order", async () => {
    const sheet = await buildSheet(t.portal.dataSource, { types: [ServiceType.SOCIAL_CENTRES, ServiceType.LAEP] });
    const { data, errors } = await t.graphql<any>(
      `query ($id: ID!) { service(id: $id) { typeExplanations { value label falc } } }`,
      { id: sheet.id },
    );
    expect(errors).toBeUndefined();
    expect(data.service.typeExplanations).toEqual([
      { value: "SOCIAL_CENTRES", label: "Centres sociaux", falc: [...SERVICE_TYPE_FALC.SOCIAL_CENTRES] },
      { value: "LAEP", label: "Lieux d'accueil enfants-parents (LAEP)", falc: [...SERVICE_TYPE_FALC.LAEP] },
    ]);
  });

  it("serves the reference lists over REST, with the FALC sentences and the legacy spellings", async () => {
    const response = await t.rest("GET", "/api/reference");
    expect(response.status).toBe(200);
    const { serviceTypes, categories, networks, ages } = response.body;
    expect(serviceTypes).toHaveLength(24);
    expect(serviceTypes.find((type: { value: string }) => type.value === "CRECHE")).toMatchObject({
      label: "Crèche",
      falc: [...SERVICE_TYPE_FALC.CRECHE],
      description: expect.stringContaining("crèche"),
      ages: ["DEVENIR", "PETITE_ENFANCE", "ENFANCE", "ADOLESCENCE"],
    });
    // As the legacy API writes them in media (`categories: ["new"]`, networks in lower case).
    expect(categories).toContainEqual({ value: "event", label: "Actualité : évènement" });
    expect(networks).toContainEqual({ value: "all", label: "Tous les réseaux" });
    expect(networks).toContainEqual({ value: "eaje", label: "EAJE" });
    expect(ages).toContainEqual({ value: "PETITE_ENFANCE", label: "0-3 ans" });
  });

  it("describes a sheet without a text of its own by its first type's FALC sentences in the open data", async () => {
    const bare = await buildSheet(t.portal.dataSource, {
      types: [ServiceType.LAEP],
      city: "Lescar",
      description: null,
    });
    const services = (await t.rest("GET", "/api/open-data/services")).body.data as Array<Record<string, any>>;
    expect(services.find((record) => record.id === bare.id)?.description).toBe(
      `Lieux d'accueil enfants-parents (LAEP) à Lescar. ${SERVICE_TYPE_FALC.LAEP.join(" ")}`,
    );
  });
});
