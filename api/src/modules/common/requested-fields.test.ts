import { buildSchema, execute, graphql, type GraphQLResolveInfo, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { requestedFields } from "./requested-fields";

const schema = buildSchema(`
  type Item { id: ID! title: String! body: String! }
  type Page { count: Int! results: [Item!]! }
  type Query { page: Page! }
`);

/** The fields `requestedFields` finds under `results` for a query. */
async function fieldsOf(query: string): Promise<string[]> {
  let seen: ReadonlySet<string> | null = null;
  const result = await graphql({
    schema,
    source: query,
    rootValue: {
      page: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        seen = requestedFields(info, ["results"]);
        return { count: 0, results: [] };
      },
    },
  });
  expect(result.errors).toBeUndefined();
  return [...(seen ?? [])].sort();
}

describe("requestedFields", () => {
  it("lists the fields asked under a path", async () => {
    expect(await fieldsOf("{ page { count results { id title } } }")).toEqual(["id", "title"]);
  });

  it("follows inline fragments, named fragments and aliases", async () => {
    expect(await fieldsOf("{ page { results { id ... on Item { body } } } }")).toEqual(["body", "id"]);
    expect(await fieldsOf("query { page { results { ...Card } } } fragment Card on Item { title }")).toEqual(["title"]);
    expect(await fieldsOf("{ page { results { heading: title } } }")).toEqual(["title"]);
  });

  it("works a field out once per parsed document, and again for another document", async () => {
    const document = parse("{ page { results { id title } } }");
    const seen: Array<ReadonlySet<string>> = [];
    const rootValue = {
      page: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        seen.push(requestedFields(info, ["results"]));
        return { count: 0, results: [] };
      },
    };
    await execute({ schema, document, rootValue });
    await execute({ schema, document, rootValue });
    await execute({ schema, document: parse("{ page { results { body } } }"), rootValue });
    expect(seen[1]).toBe(seen[0]);
    expect([...seen[0]].sort()).toEqual(["id", "title"]);
    expect([...seen[2]]).toEqual(["body"]);
  });

  it("finds nothing when the path is not asked", async () => {
    expect(await fieldsOf("{ page { count } }")).toEqual([]);
  });
});
