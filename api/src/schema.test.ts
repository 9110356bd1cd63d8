import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getMetadataStorage } from "type-graphql";
import { createSchema, printCommittedSchema, resolvers } from "./schema";

describe("schema/schema.graphql", () => {
  it("is what the code emits (run `npm run schema` after changing a type)", async () => {
    const committed = readFileSync(join(__dirname, "..", "..", "schema", "schema.graphql"), "utf8");
    expect(printCommittedSchema(await createSchema())).toBe(committed);
  });
});

describe("the object types' fields", () => {
  it("carry no authorization or middleware: types with simple resolvers would skip them", async () => {
    // Media, Service, User and the page types read their fields as they are (`simpleResolvers`:
    // no TypeGraphQL wrapper around each of a page's hundreds of fields, about 0.1 ms of CPU a
    // search). Who may read what is decided by the services and policies, never on a field.
    await createSchema();
    const storage = getMetadataStorage();
    const resolverClasses = new Set<unknown>(resolvers);
    const onFields = storage.authorizedFields.filter((entry) => !resolverClasses.has(entry.target));
    expect(onFields.map((entry) => `${(entry.target as { name: string }).name}.${entry.fieldName}`)).toEqual([]);
    expect(storage.middlewares).toEqual([]);
  });
});
