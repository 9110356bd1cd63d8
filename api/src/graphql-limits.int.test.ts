import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getIntrospectionQuery, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { actor, buildAccount, LOGIN, PASSWORD } from "../test/agent";
import { useTestPortal } from "../test/portal";
import { QUERY_LIMITS, queryLimitRules } from "./graphql-limits";
import { RATE_LIMIT_MESSAGE } from "./rate-limit";
import { Role, UserStatus } from "./modules/reference/reference.data";
import { createSchema } from "./schema";

const OPERATIONS = join(__dirname, "..", "..", "schema", "operations");
const FULL_MEDIA = `count results { id title article description createdAt categories ages thematics epci city
  networks eventFrom eventTo files { path name type } location { lat lon } owner { id name surname } }`;

describe("limits of one GraphQL operation", () => {
  it("let every operation of the portal's own web client through, and the explorer's introspection", async () => {
    const schema = await createSchema();
    const files = readdirSync(OPERATIONS).filter((file) => file.endsWith(".graphql"));
    // Fragments are shared between files: validated together.
    const document = parse(files.map((file) => readFileSync(join(OPERATIONS, file), "utf8")).join("\n"));
    expect(validate(schema, document, queryLimitRules()).map((error) => error.message)).toEqual([]);
    expect(validate(schema, parse(getIntrospectionQuery()), queryLimitRules())).toEqual([]);
  });

  it("refuse a query too deep, too costly or with too many aliases, in French, before running it", async () => {
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
    // `__typename` under aliases counts as any other field (16 of them cost far less than the limit).
    const typenames = `{ ${Array.from({ length: 16 }, (_, index) => `t${index}: __typename`).join(" ")} }`;
    expect(refusals(typenames)).toEqual([["La requête a trop d'alias : 16, 15 au plus.", "QUERY_TOO_COMPLEX"]]);
    expect(refusals(`{ __typename site { __typename mapAvailable } }`)).toEqual([]);

    // Fourteen full searches under aliases: within the alias limit, beyond the cost.
    const costly = `{ ${Array.from({ length: 14 }, (_, index) => `m${index}: mediaSearch(input: {}) { ${FULL_MEDIA} }`).join(" ")} }`;
    const [refusal, ...others] = refusals(costly);
    expect(others).toEqual([]);
    expect(refusal[0]).toMatch(/^La requête demande trop de champs : coût \d+, 1000 au plus\./);
    expect(refusal[1]).toBe("QUERY_TOO_COMPLEX");
    // One such search is well within it.
    expect(refusals(`{ mediaSearch(input: {}) { ${FULL_MEDIA} } }`)).toEqual([]);
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
