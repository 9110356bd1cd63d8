import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSchema, printCommittedSchema } from "./schema";

describe("schema/schema.graphql", () => {
  it("is what the code emits (run `npm run schema` after changing a type)", async () => {
    const committed = readFileSync(join(__dirname, "..", "..", "schema", "schema.graphql"), "utf8");
    expect(printCommittedSchema(await createSchema())).toBe(committed);
  });
});
