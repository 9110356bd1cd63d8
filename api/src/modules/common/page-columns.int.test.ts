import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isObjectType,
  isScalarType,
} from "graphql";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { Age, buildMedia, buildSheet, Category, Network, Role, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { recordStatements } from "../../../test/statements";
import { createSchema } from "../../schema";
import { demoHours } from "../../db/seed/demo-hours";

const PLACE = "{ lat: 43.2951, lon: -0.3708 }";

/** A field as a query asks it: its arguments (a place for each point), and every field below it. */
function fieldSelection(field: GraphQLField<unknown, unknown>, depth = 0): string {
  const args = field.args.length ? `(${field.args.map((arg) => `${arg.name}: ${PLACE}`).join(", ")})` : "";
  const type = getNamedType(field.type);
  return `${field.name}${args}${isObjectType(type) ? ` { ${selectionOf(type, depth + 1)} }` : ""}`;
}

function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (!isObjectType(type) || depth > 3) return "__typename";
  return Object.values(type.getFields())
    .filter(
      (field) =>
        isObjectType(getNamedType(field.type)) ||
        isScalarType(getNamedType(field.type)) ||
        isEnumType(getNamedType(field.type)),
    )
    .map((field) => fieldSelection(field, depth))
    .join(" ");
}

/** A value as compared: an iCalendar text without its stamp (the second it was written). */
const stable = (value: unknown) => (typeof value === "string" ? value.replace(/^DTSTAMP:.*$/m, "") : value);

/**
 * A page reads the columns its selection needs (rows-by-id.ts, `columnsFor`): each field of a
 * result, asked alone, is what it is when every field is asked, computed fields included (a
 * field whose columns were forgotten would come back empty or wrong here).
 */
describe("the columns a page reads", () => {
  const t = useTestPortal();
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await createSchema();
  });

  async function compareFields(typeName: string, page: (selection: string) => string, field: (data: any) => any[]) {
    const { agent } = await actor(t, Role.ADMIN);
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(typeName);
    const whole = await agent.graphql(page(selectionOf(type, 0)));
    expect(whole.errors).toBeUndefined();
    const all = field(whole.data);
    expect(all.length).toBeGreaterThan(1);
    for (const name of Object.keys(type.getFields())) {
      const alone = await agent.graphql(page(`id ${fieldSelection(type.getFields()[name])}`));
      expect(alone.errors, name).toBeUndefined();
      expect(
        field(alone.data).map((row) => stable(row[name])),
        `${typeName}.${name}`,
      ).toEqual(all.map((row) => stable(row[name])));
    }
  }

  it("gives every field of a media the same value asked alone as asked with all the others", async () => {
    const ds = t.portal.dataSource;
    await buildMedia(ds, {
      title: "Atelier « éveil »",
      description: "Pour les tout-petits",
      categories: [Category.EVENT],
      ages: [Age.PETITE_ENFANCE],
      networks: [Network.RPE],
      city: ["Pau"],
      epci: ["CA Pau Béarn Pyrénées"],
      eventFrom: new Date("2027-03-14T09:30:00Z"),
      eventTo: new Date("2027-03-14T11:00:00Z"),
      latitude: 43.2951,
      longitude: -0.3708,
      files: [{ path: "/uploads/a.pdf", name: "Programme.pdf", type: "application/pdf" }],
      contactEmail: "contact@exemple.fr",
    });
    await buildMedia(ds, { title: "Sans rien", publishAt: null });
    await compareFields(
      "Media",
      (selection) => `{ mediaSearch(input: { pageSize: 15 }) { results { ${selection} } } }`,
      (data) => data.mediaSearch.results,
    );
  });

  it("gives every field of a service the same value asked alone as asked with all the others", async () => {
    const ds = t.portal.dataSource;
    await buildSheet(ds, {
      serviceName: "Crèche Les Lutins",
      types: [ServiceType.CRECHE],
      coveredLocations: ["CA Pau Béarn Pyrénées"],
      latitude: 43.2951,
      longitude: -0.3708,
      hours: demoHours(0, DateTime.now().setZone("Europe/Paris")),
      description: JSON.stringify({ ops: [{ insert: "Accueil des tout-petits\n" }] }),
      checkedAt: new Date("2025-01-01T00:00:00Z"),
    });
    await buildSheet(ds, { serviceName: "Relais petite enfance", latitude: null, longitude: null, hours: null });
    await compareFields(
      "Service",
      (selection) => `{ services(input: { pageSize: 15 }) { results { ${selection} } } }`,
      (data) => data.services.results,
    );
  });

  it("reads for cards only what they show", async () => {
    const ds = t.portal.dataSource;
    await buildMedia(ds, { title: "Atelier cuisine" });
    await buildSheet(ds, { serviceName: "Crèche Les Lutins" });
    const statements = await recordStatements(ds, async () => {
      await t.graphql(`{ mediaSearch(input: {}) { results { id title createdAt location { lat lon } } } }`);
      await t.graphql(`{ services(input: {}) { results { id serviceName city phone } } }`);
    });
    const reads = statements.map(({ query }) => query).filter((query) => /WHERE [`"]?id[`"]? (=|IN)/.test(query));
    expect(reads).toHaveLength(2);
    const [media, services] = reads;
    expect(media).toMatch(/title.*createdAt.*latitude.*longitude/);
    expect(media).not.toMatch(/article|userIds|files|networks|description|searchText/);
    expect(services).toMatch(/serviceName.*phone.*city/);
    expect(services).not.toMatch(/description|hours|userIds|email|searchText/);
  });
});
