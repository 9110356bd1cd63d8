import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSchema, Kind, type OperationDefinitionNode, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { restTable } from "./table";

/** The committed schema (the schema test keeps it equal to the TypeGraphQL classes). */
const schema = buildSchema(readFileSync(join(__dirname, "..", "..", "..", "..", "schema", "schema.graphql"), "utf8"));

const operationOf = (document: string): OperationDefinitionNode => {
  const definitions = parse(document).definitions;
  expect(definitions).toHaveLength(1);
  expect(definitions[0].kind).toBe(Kind.OPERATION_DEFINITION);
  return definitions[0] as OperationDefinitionNode;
};

describe("the REST table", () => {
  it("has one row per method and path", () => {
    const keys = restTable.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(25);
  });

  it("is documented whole in docs/api.md's table of REST paths", () => {
    const readme = readFileSync(join(__dirname, "..", "..", "..", "..", "docs", "api.md"), "utf8");
    const documented = [...readme.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) \/api([^`?]*)/gm)].map(
      ([, method, path]) => `${method} ${path}`,
    );
    const routes = restTable.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);
  });

  describe.each(restTable.map((route) => [`${route.method} /api${route.path}`, route] as const))("%s", (_, route) => {
    it("runs a GraphQL document valid against the schema", () => {
      const errors = validate(schema, parse(route.document)).map((error) => error.message);
      expect(errors).toEqual([]);
    });

    it("runs one named operation with one root field (the router answers data[field])", () => {
      const operation = operationOf(route.document);
      expect(operation.name?.value).toMatch(/^Rest[A-Z]/);
      expect(operation.selectionSet.selections).toHaveLength(1);
    });

    it("only sends variables the operation declares", () => {
      const declared = (operationOf(route.document).variableDefinitions ?? []).map((v) => v.variable.name.value);
      const sent = Object.keys(
        route.variables({
          params: { id: "x", userId: "x" },
          query: {},
          body: { id: "x", email: "a@b.fr", userIds: ["x"] },
        }),
      );
      expect(declared).toEqual(expect.arrayContaining(sent));
    });
  });
});
