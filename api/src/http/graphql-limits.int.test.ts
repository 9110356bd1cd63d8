import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type DocumentNode, getIntrospectionQuery, Kind, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { actor, buildAccount, LOGIN, PASSWORD } from "../../test/agent";
import { buildMedia } from "../../test/factories";
import { useTestPortal } from "../../test/portal";
import { QUERY_LIMITS, queryLimitRules } from "./graphql-limits";
import { COST_MODEL, operationCost } from "./query-cost";
import { restTable } from "./rest/table";
import { RATE_LIMIT_MESSAGE } from "./rate-limit";
import { Category, Role, UserStatus } from "../modules/reference/reference.data";
import { createSchema } from "../schema";

const OPERATIONS = join(__dirname, "..", "..", "..", "schema", "operations");

const operationsOf = (document: DocumentNode) =>
  document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);

/** Fourteen searches of a hundred rows under aliases (within the alias limit), their page written as `page`. */
const fourteenSearches = (page: string) =>
  `{ ${Array.from({ length: 14 }, (_, index) => `m${index}: mediaSearch(input: ${page}) { results { id } }`).join(" ")} }`;

describe("limits of one GraphQL operation", () => {
  it("let every operation of the web and of the REST table through at the largest page, and the explorer's introspection", async () => {
    const schema = await createSchema();
    const files = readdirSync(OPERATIONS).filter((file) => file.endsWith(".graphql"));
    // Fragments are shared between files: validated together.
    const web = parse(files.map((file) => readFileSync(join(OPERATIONS, file), "utf8")).join("\n"));
    expect(validate(schema, web, queryLimitRules()).map((error) => error.message)).toEqual([]);
    expect(validate(schema, parse(getIntrospectionQuery()), queryLimitRules())).toEqual([]);
    expect(
      operationCost(schema, parse(getIntrospectionQuery()), operationsOf(parse(getIntrospectionQuery()))[0], {}),
    ).toBe(0);

    // A page size from a variable counts as the largest allowed (100): the web's own lists
    // (its map of 100 pins, « Mes articles », 100 accounts) stay under half the limit.
    const costs = operationsOf(web).map((operation) => [
      operation.name?.value,
      operationCost(schema, web, operation, "unknown"),
    ]);
    expect(costs.filter(([, cost]) => Number(cost) > QUERY_LIMITS.cost / 2)).toEqual([]);
    // The costliest asks for a page of 100 rows (the figure docs/api.md gives).
    expect(Math.max(...costs.map(([, cost]) => Number(cost)))).toBeGreaterThan(100 * COST_MODEL.row);

    // Legacy clients ask for pages of 100 with every field.
    const rest = restTable.map((route) => {
      const document = parse(route.document);
      return [route.path, operationCost(schema, document, operationsOf(document)[0], "unknown")];
    });
    expect(rest.filter(([, cost]) => Number(cost) > QUERY_LIMITS.cost)).toEqual([]);
  });

  it("count the rows a page asks for: written in the document, in a variable, or by default", async () => {
    const schema = await createSchema();
    const cost = (query: string, variables: Record<string, unknown> | "unknown" = {}) => {
      const document = parse(query);
      return operationCost(schema, document, operationsOf(document)[0], variables);
    };
    const page = (size: number) => 2 + size * COST_MODEL.row + size * (COST_MODEL.object + COST_MODEL.scalar);
    expect(cost(`{ mediaSearch(input: { pageSize: 100 }) { results { id } } }`)).toBe(page(100));
    // The default page (15), and a page asked for with nothing under it: its rows are read all the same.
    expect(cost(`{ mediaSearch(input: {}) { results { id } } }`)).toBe(page(15));
    expect(cost(`{ mediaSearch(input: { pageSize: 100 }) { count } }`)).toBe(2 + 100 * COST_MODEL.row + 1);
    // In variables: the whole input, or the size alone, or left to its default.
    const inInput = `query ($input: MediaSearchInput!) { mediaSearch(input: $input) { results { id } } }`;
    expect(cost(inInput, { input: { pageSize: 100 } })).toBe(page(100));
    expect(cost(inInput, { input: {} })).toBe(page(15));
    expect(cost(inInput, "unknown")).toBe(page(100));
    const alone = `query ($size: Int!) { mediaSearch(input: { pageSize: $size }) { results { id } } }`;
    expect(cost(alone, { size: 40 })).toBe(page(40));
    // A size the resolver refuses counts as the largest page.
    expect(cost(alone, { size: 100_000 })).toBe(page(100));
    // Page sizes as arguments, and as `size` (the accounts list).
    expect(cost(`{ auditEntries(actorId: "x", pageSize: 50) { entries { id } } }`)).toBe(page(50));
    expect(cost(`{ users(input: { size: 50 }) { users { id } } }`)).toBe(page(50));
    // Lists inside each row count once per row, through fragments too.
    expect(
      cost(
        `{ mediaSearch(input: { pageSize: 10 }) { ... on MediaPage { results { ...F } } } } fragment F on Media { files { name } }`,
      ),
    ).toBe(2 + 10 * COST_MODEL.row + 10 * (2 + 2 + 1));
  });

  it("walk a fragment spread again and again once per page size, not once per spread", async () => {
    const schema = await createSchema();
    // Each fragment spreads the next one twice: 2^39 spreads of the last one, in a few lines.
    const fragments = Array.from({ length: 40 }, (_, index) =>
      index < 39
        ? `fragment F${index} on SiteInfo { ...F${index + 1} ...F${index + 1} }`
        : `fragment F${index} on SiteInfo { mapAvailable }`,
    );
    const document = parse(`{ site { ...F0 } } ${fragments.join(" ")}`);
    expect(validate(schema, document, queryLimitRules())).toEqual([]);
    expect(operationCost(schema, document, operationsOf(document)[0], {})).toBe(2 + 2 ** 39);
  });

  it("refuse a query too deep or with too many aliases, in French, before running it", async () => {
    const schema = await createSchema();
    const refusals = (query: string, limits = QUERY_LIMITS) =>
      validate(schema, parse(query), queryLimitRules(limits)).map((error) => [error.message, error.extensions.code]);

    // Today's schema has no cycle deeper than 4 levels: the depth rule is shown with a limit of 3.
    const fourLevels = `{ mediaSearch(input: {}) { results { location { lat } } } }`;
    expect(refusals(fourLevels)).toEqual([]);
    expect(refusals(fourLevels, { ...QUERY_LIMITS, depth: 3 })).toEqual([
      ["La requête est trop profonde : 4 niveaux, 3 au plus.", "QUERY_TOO_COMPLEX"],
    ]);

    const aliases = `{ ${Array.from({ length: 16 }, (_, index) => `a${index}: site { mapAvailable }`).join(" ")} }`;
    expect(refusals(aliases)).toEqual([["La requête a trop d'alias : 16, 15 au plus.", "QUERY_TOO_COMPLEX"]]);
    // `__typename` under aliases counts as any other field.
    const typenames = `{ ${Array.from({ length: 16 }, (_, index) => `t${index}: __typename`).join(" ")} }`;
    expect(refusals(typenames)).toEqual([["La requête a trop d'alias : 16, 15 au plus.", "QUERY_TOO_COMPLEX"]]);
    expect(refusals(`{ __typename site { __typename mapAvailable } }`)).toEqual([]);
    // Fourteen searches of a hundred rows are within these two limits: the cost refuses them.
    expect(refusals(fourteenSearches("{ pageSize: 100 }"))).toEqual([]);
  });

  describe("over HTTP", () => {
    const t = useTestPortal();

    it("answers a query beyond the limits with its French message and nothing run", async () => {
      const aliases = `{ ${Array.from({ length: 20 }, (_, index) => `a${index}: site { mapAvailable }`).join(" ")} }`;
      const refused = await t.graphql(aliases);
      expect(refused.status).toBe(400);
      expect(refused.data).toBeNull();
      expect(refused.errors).toEqual([
        expect.objectContaining({
          message: "La requête a trop d'alias : 20, 15 au plus.",
          extensions: { code: "QUERY_TOO_COMPLEX" },
        }),
      ]);
    });

    it("refuses fourteen searches of 100 rows, written in the query or in its variables, and takes them by 15", async () => {
      await buildMedia(t.portal.dataSource, { categories: [Category.NEW] });
      const costly = 14 * (2 + 100 * COST_MODEL.row + 100 * (COST_MODEL.object + COST_MODEL.scalar));
      const asked: Array<[string, Record<string, unknown>]> = [
        [fourteenSearches("{ pageSize: 100 }"), {}],
        [`query ($input: MediaSearchInput!) ${fourteenSearches("$input")}`, { input: { pageSize: 100 } }],
        [`query ($size: Int!) ${fourteenSearches("{ pageSize: $size }")}`, { size: 100 }],
      ];
      for (const [query, variables] of asked) {
        const refused = await t.graphql(query, variables);
        expect(refused.status).toBe(400);
        expect(refused.data).toBeNull();
        expect(refused.errors).toEqual([
          {
            message: `La requête demande trop de champs : coût ${costly}, ${QUERY_LIMITS.cost} au plus. Demandez moins de champs ou des pages plus petites.`,
            extensions: { code: "QUERY_TOO_COMPLEX" },
          },
        ]);
      }
      // The same document with pages of 15 (its variables' default) runs.
      const small = await t.graphql(`query ($input: MediaSearchInput!) ${fourteenSearches("$input")}`, { input: {} });
      expect(small.status).toBe(200);
      expect(small.errors).toBeUndefined();
      expect(Object.values(small.data ?? {})).toHaveLength(14);
      // A legacy client's page of 100 with every field is taken.
      const rest = await t.rest("POST", "/api/media/search", { pageSize: 100, page: 0 });
      expect(rest).toMatchObject({ status: 200, body: { count: 1 } });
    });
  });

  describe("anonymous callers, 5 requests a minute here", () => {
    const t = useTestPortal({ API_RATE_LIMIT: "5" });

    it("get 429 with Retry-After past their limit, on GraphQL and REST, while signed-in accounts go on", async () => {
      // Signing in is an anonymous request: the first of five.
      const { agent } = await actor(t, Role.NEWS_PARTNER);
      const ask = () =>
        fetch(`${t.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: "{ site { mapAvailable } }" }),
        });
      const answers = [];
      for (let index = 0; index < 5; index++) answers.push(await ask());
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429]);
      const refused = answers[4];
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        errors: [{ message: RATE_LIMIT_MESSAGE, extensions: { code: "TOO_MANY_REQUESTS" } }],
      });
      const rest = await fetch(`${t.url}/api/services/current/inconnu`);
      expect(rest.status).toBe(429);
      expect(await rest.json()).toEqual({ message: RATE_LIMIT_MESSAGE, code: "TOO_MANY_REQUESTS" });

      // The signed-in partner, from the same address, is not counted.
      for (let index = 0; index < 3; index++) {
        const mine = await agent.graphql("{ currentUser { id } }");
        expect(mine.errors).toBeUndefined();
      }
      // A made-up session cookie does not make a caller signed in.
      const forged = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: "portail_session=invente" },
        body: JSON.stringify({ query: "{ site { mapAvailable } }" }),
      });
      expect(forged.status).toBe(429);

      // Signing in has limits of its own: past the anonymous one, it still goes, by GraphQL and
      // REST (the computers of a social centre share one address); nothing else rides with it.
      const partner = await buildAccount(t.portal.dataSource, {
        role: Role.NEWS_PARTNER,
        status: UserStatus.CONFIRMED,
      });
      const graphql = (query: string, variables: Record<string, unknown>, operationName?: string) =>
        fetch(`${t.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query, variables, operationName }),
        });
      const credentials = { input: { email: partner.email, password: PASSWORD } };
      const signedIn = await graphql(LOGIN, credentials);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("retry-after")).toBeNull();
      expect(((await signedIn.json()) as { data: { login: { email: string } } }).data.login.email).toBe(partner.email);
      const restSignIn = await fetch(`${t.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: partner.email, password: PASSWORD }),
      });
      expect(restSignIn.status).toBe(200);
      const riding = `mutation ($input: LoginInput!) { login(input: $input) { id } reportError(input: { itemType: MEDIA, itemId: "x", message: "0123456789" }) }`;
      expect((await graphql(riding, credentials)).status).toBe(429);
      const two = `mutation Login($input: LoginInput!) { login(input: $input) { id } } query Other { site { mapAvailable } }`;
      expect((await graphql(two, credentials, "Other")).status).toBe(429);
      expect((await graphql(two, credentials, "Login")).status).toBe(200);
      expect((await ask()).status).toBe(429);
    });
  });
});
