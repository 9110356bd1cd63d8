import { describe, expect, it } from "vitest";
import { actor, type Agent, newAgent } from "../../../test/agent";
import { buildUser } from "../../../test/factories";
import { useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { countStatements } from "../../../test/statements";
import { UserToken } from "../auth/user-token.entity";
import { Network, NETWORK_LABELS, Role, UserStatus } from "../reference/reference.data";
import { User } from "./user.entity";

const USER_INPUT = {
  name: "Durand",
  surname: "Luc",
  email: "luc.durand@example.org",
  phone: "05 59 00 00 01",
  role: "FULL_PARTNER",
  networks: ["EAJE"],
};

type Outcome = { status: number; code?: string; message?: string };

/** Each administration operation, once through GraphQL and once through REST, on a target account. */
const OPERATIONS: Array<[string, (agent: Agent, target: User) => Promise<Outcome>]> = [
  ["users (search)", (a) => gql(a, `{ users(input: {}) { total } }`)],
  ["usersCsv", (a) => gql(a, `{ usersCsv }`)],
  ["acceptUser", (a, u) => gql(a, `mutation ($id: ID!) { acceptUser(id: $id) { id } }`, { id: u.id })],
  [
    "createUser",
    (a) => gql(a, `mutation ($input: UserInput!) { createUser(input: $input) { id } }`, { input: USER_INPUT }),
  ],
  [
    "updateUser",
    (a, u) =>
      gql(a, `mutation ($id: ID!, $input: UserInput!) { updateUser(id: $id, input: $input) { id } }`, {
        id: u.id,
        input: USER_INPUT,
      }),
  ],
  ["deleteUser", (a, u) => gql(a, `mutation ($id: ID!) { deleteUser(id: $id) }`, { id: u.id })],
  [
    "userProfile of another account",
    (a, u) => gql(a, `query ($id: ID!) { userProfile(id: $id) { id } }`, { id: u.id }),
  ],
  ["GET /api/users/search", (a) => rest(a, "GET", "/api/users/search?size=10&from=0")],
  ["GET /api/users/export", (a) => rest(a, "GET", "/api/users/export")],
  ["POST /api/users/accept/:id", (a, u) => rest(a, "POST", `/api/users/accept/${u.id}`)],
  ["POST /api/users/add", (a) => rest(a, "POST", "/api/users/add", USER_INPUT)],
  ["PUT /api/users/update", (a, u) => rest(a, "PUT", "/api/users/update", { ...USER_INPUT, id: u.id })],
  ["DELETE /api/users/delete/:id", (a, u) => rest(a, "DELETE", `/api/users/delete/${u.id}`)],
  ["GET /api/users/profile/:id of another account", (a, u) => rest(a, "GET", `/api/users/profile/${u.id}`)],
];

async function gql(agent: Agent, query: string, variables?: Record<string, unknown>): Promise<Outcome> {
  const result = await agent.graphql(query, variables);
  const error = result.errors?.[0];
  return { status: result.status, code: error?.extensions?.code as string | undefined, message: error?.message };
}

async function rest(agent: Agent, method: string, path: string, body?: unknown): Promise<Outcome> {
  const response = await agent.rest(method, path, body);
  return { status: response.status, code: response.body?.code, message: response.body?.message };
}

const USERS_PAGE = `query ($input: UserSearchInput!) { users(input: $input) { total waiting users { email } } }`;

describe("user administration", () => {
  const mailbox = useMailbox();
  const t = useTestPortal(() => ({ SMTP_URL: mailbox.url }));
  const admin = () => actor(t, Role.ADMIN, { name: "Admin", surname: "Zoé", email: "zoe.admin@portail.test" });
  const snapshot = async () => ({
    users: await t.portal.dataSource.getRepository(User).find({ order: { id: "ASC" } }),
    tokens: await t.portal.dataSource.getRepository(UserToken).count(),
  });

  const refusals: Array<["visitor" | Role, Outcome]> = [
    [
      "visitor",
      { status: 401, code: "UNAUTHENTICATED", message: "Vous devez être connecté pour effectuer cette action." },
    ],
    [
      Role.NEWS_PARTNER,
      {
        status: 403,
        code: "FORBIDDEN",
        message: "Vous n'avez pas les droits nécessaires pour effectuer cette action.",
      },
    ],
    [
      Role.FULL_PARTNER,
      {
        status: 403,
        code: "FORBIDDEN",
        message: "Vous n'avez pas les droits nécessaires pour effectuer cette action.",
      },
    ],
  ];

  it.each(refusals)(
    "refuses every operation to a %s, through GraphQL and REST, and changes nothing",
    async (who, refusal) => {
      const { agent } = await actor(t, who as never);
      const target = await buildUser(t.portal.dataSource, { status: UserStatus.LOCAL, email: "target@example.org" });
      const before = await snapshot();
      for (const [name, run] of OPERATIONS) {
        const outcome = await run(agent, target);
        const expected =
          name.startsWith("GET /") ||
          name.startsWith("POST /") ||
          name.startsWith("PUT /") ||
          name.startsWith("DELETE /")
            ? refusal
            : { status: 200, code: refusal.code, message: refusal.message };
        expect({ name, ...outcome }).toEqual({ name, ...expected });
      }
      expect(await snapshot()).toEqual(before);
      expect(mailbox.messages).toEqual([]);
    },
  );

  it("allows every operation to an administrator, through GraphQL and REST", async () => {
    const { agent } = await admin();
    for (const [name, run] of OPERATIONS) {
      // A fresh request (with its town) each time; the address used by create and update is freed.
      await t.portal.dataSource.getRepository(User).delete({ email: USER_INPUT.email });
      const target = await buildUser(t.portal.dataSource, { status: UserStatus.LOCAL, city: "Pau" });
      const outcome = await run(agent, target);
      expect({ name, ...outcome }).toEqual({
        name,
        status: name === "POST /api/users/add" ? 201 : 200,
        code: undefined,
        message: name.startsWith("DELETE") ? "Utilisateur supprimé." : undefined,
      });
    }
    // accept and create sent their set-password e-mails, twice each.
    expect(mailbox.messages).toHaveLength(4);
  });

  /** Six accounts, one of each state plus a second request and a deleted one. */
  async function population() {
    const ds = t.portal.dataSource;
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes));
    return {
      arrieta: await buildUser(ds, {
        name: "Arrieta",
        surname: "Jean",
        email: "jean_dupont@example.org",
        city: "Bayonne",
        status: UserStatus.LOCAL,
        createdAt: at(1),
      }),
      bordes: await buildUser(ds, {
        name: "Bordes",
        surname: "Marie",
        email: "marie.bordes@example.org",
        city: "Pau",
        status: UserStatus.LOCAL,
        createdAt: at(2),
      }),
      castaing: await buildUser(ds, {
        name: "Castaing",
        surname: "Jean",
        email: "j.castaing@example.org",
        city: "Pau",
        status: UserStatus.PENDING,
        createdAt: at(3),
      }),
      dufau: await buildUser(ds, {
        name: "Dufau",
        surname: "Paul",
        email: "paul@example.org",
        city: "Orthez",
        createdAt: at(4),
        networks: [Network.ALL, Network.EAJE],
      }),
      etcheverry: await buildUser(ds, {
        name: "Etcheverry",
        surname: "Jean",
        email: "jean.e@example.org",
        city: "Pau",
        status: UserStatus.DELETED,
        createdAt: at(5),
      }),
    };
  }

  it("searches with states, text, order and paging, and counts the total and the waiting requests (GraphQL)", async () => {
    const { agent } = await admin();
    await population();
    const search = async (input: Record<string, unknown>) => {
      const result = await agent.graphql(USERS_PAGE, { input });
      expect(result.errors).toBeUndefined();
      const page = result.data.users;
      return { total: page.total, waiting: page.waiting, emails: page.users.map((u: { email: string }) => u.email) };
    };

    // Default: every state but DELETED, newest first; the admin is the newest.
    expect(await search({})).toEqual({
      total: 5,
      waiting: 2,
      emails: [
        "zoe.admin@portail.test",
        "paul@example.org",
        "j.castaing@example.org",
        "marie.bordes@example.org",
        "jean_dupont@example.org",
      ],
    });
    expect(await search({ statuses: ["LOCAL"], orderBy: "name", orderDirection: "ASC" })).toEqual({
      total: 2,
      waiting: 2,
      emails: ["jean_dupont@example.org", "marie.bordes@example.org"],
    });
    expect((await search({ statuses: ["DELETED"] })).emails).toEqual(["jean.e@example.org"]);
    // Words must all match, in any of name, surname, e-mail and town, whatever the case.
    expect((await search({ textQuery: "JEAN pau", orderBy: "name", orderDirection: "ASC" })).emails).toEqual([
      "j.castaing@example.org",
    ]);
    expect(
      (await search({ textQuery: "  jean   ", statuses: ["LOCAL", "PENDING", "CONFIRMED", "DELETED"] })).total,
    ).toBe(3);
    // `_` and `%` are searched as characters, not as LIKE wildcards.
    expect((await search({ textQuery: "jean_dupont" })).emails).toEqual(["jean_dupont@example.org"]);
    // Accents and case do not matter, on both engines: "ORTHÉZ" finds Orthez, "bordés" Bordes.
    expect((await search({ textQuery: "ORTHÉZ" })).emails).toEqual(["paul@example.org"]);
    expect((await search({ textQuery: "bordés" })).emails).toEqual(["marie.bordes@example.org"]);
    // Punctuation alone is no text filter (the search is on letters and digits).
    expect((await search({ textQuery: "%" })).total).toBe((await search({})).total);
    // Paging: the total counts every match, the page holds `size`.
    expect(await search({ orderBy: "name", orderDirection: "DESC", from: 1, size: 2 })).toEqual({
      total: 5,
      waiting: 2,
      emails: ["j.castaing@example.org", "marie.bordes@example.org"],
    });
    expect((await search({ from: 10 })).emails).toEqual([]);
    // By expiration: the accounts about to end first, those without an end last, either way.
    await t.portal.dataSource.query("UPDATE users SET expiration = '2026-12-31' WHERE email = 'paul@example.org'");
    await t.portal.dataSource.query(
      "UPDATE users SET expiration = '2027-01-31' WHERE email = 'j.castaing@example.org'",
    );
    const byExpiration = async (orderDirection: string) =>
      (await search({ orderBy: "expiration", orderDirection })).emails.slice(0, 2);
    expect(await byExpiration("ASC")).toEqual(["paul@example.org", "j.castaing@example.org"]);
    expect(await byExpiration("DESC")).toEqual(["j.castaing@example.org", "paul@example.org"]);
  });

  it("searches through REST with the legacy query string and answers the legacy shape", async () => {
    const { agent } = await admin();
    const { bordes, dufau } = await population();
    const response = await agent.rest(
      "GET",
      "/api/users/search?size=10&from=0&status=LOCAL&textQuery=pau&orderBy=name&orderDirection=asc",
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 1, waiting: 2 });
    expect(response.body.users).toEqual([
      expect.objectContaining({
        id: bordes.id,
        email: bordes.email,
        status: "LOCAL",
        city: "Pau",
        creation: "2026-01-01T08:02:00.000Z",
      }),
    ]);
    expect(response.body.users[0]).not.toHaveProperty("passwordHash");
    expect(response.body.users[0]).not.toHaveProperty("createdAt");

    // Several states, as a list or comma-separated; networks in their legacy values.
    const both = await agent.rest(
      "GET",
      "/api/users/search?status=LOCAL,CONFIRMED&orderBy=name&orderDirection=desc&size=1&from=0",
    );
    expect(both.body.total).toBe(4);
    expect(both.body.users.map((u: { id: string }) => u.id)).toEqual([dufau.id]);
    const repeated = await agent.rest("GET", `/api/users/search?status=CONFIRMED&status=PENDING&textQuery=dufau`);
    expect(repeated.body.users).toEqual([expect.objectContaining({ id: dufau.id, networks: ["all", "eaje"] })]);
    // As HTTP clients write lists by default (axios, qs), and in any case.
    for (const query of [
      "status[]=LOCAL&status[]=CONFIRMED",
      "status[0]=LOCAL&status[1]=CONFIRMED",
      "status=local,confirmed",
    ]) {
      const written = await agent.rest("GET", `/api/users/search?${query}&orderBy=name&orderDirection=desc&size=1`);
      expect(written.body, query).toEqual(both.body);
    }
  });

  it("refuses bad search parameters with 400 and a French message", async () => {
    const { agent } = await admin();
    const cases: Array<[string, string]> = [
      ["size=500", "La taille de page doit être comprise entre 1 et 100."],
      ["size=0", "La taille de page doit être comprise entre 1 et 100."],
      ["size=dix", "Requête invalide : le champ « size » attend un nombre entier."],
      ["from=-1", "Le rang de départ doit être positif."],
      [
        "orderBy=passwordHash",
        "Le tri « passwordHash » est inconnu. Valeurs acceptées : creation, name, surname, email, role, status, expiration (ou createdAt).",
      ],
      [
        "status=GONE",
        "Requête invalide : « GONE » n'est pas une valeur du champ « status » (valeurs acceptées : LOCAL, PENDING, CONFIRMED, DELETED).",
      ],
      [`textQuery=${"x".repeat(201)}`, "Le texte recherché ne doit pas dépasser 200 caractères."],
    ];
    for (const [query, message] of cases) {
      const response = await agent.rest("GET", `/api/users/search?${query}`);
      expect({ query, status: response.status, body: response.body }).toMatchObject({
        query,
        status: 400,
        body: { code: "BAD_USER_INPUT", message },
      });
    }
  });

  it("exports the accounts as CSV for Excel: BOM, `;`, header row, neutralised formulas", async () => {
    const { agent } = await admin();
    const ds = t.portal.dataSource;
    await buildUser(ds, {
      name: '=HYPERLINK("http://evil.example")',
      surname: "Alice",
      email: "alice@example.org",
      phone: "+33 5 59 00 00 00",
      mobile: "-1+1",
      role: Role.FULL_PARTNER,
      expiration: "2030-06-30",
      networks: [Network.EAJE, Network.RPE],
      city: "Pau; centre",
      epci: "@SUM(A1)",
      createdAt: new Date("2026-03-01T23:30:00Z"),
    });
    await buildUser(ds, { name: "Supprimé", surname: "Aaron", status: UserStatus.DELETED });
    await buildUser(ds, {
      name: "Bidart",
      surname: "Bob",
      email: "bob@example.org",
      status: UserStatus.LOCAL,
      fullAddress: 'Chemin "du lac"',
    });

    const graphql = await agent.graphql(`{ usersCsv }`);
    const csv: string = graphql.data.usersCsv;
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = csv.slice(1).split("\r\n").slice(0, -1);
    expect(lines[0]).toBe(
      "Nom;Prénom;E-mail;Téléphone fixe;Téléphone portable;Rôle;État;Création;Expiration;Réseaux;Commune;Intercommunalité;Adresse",
    );
    // Sorted by surname then name; the deleted account is left out.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      [
        `"'=HYPERLINK(""http://evil.example"")"`,
        "Alice",
        "alice@example.org",
        // A phone number stays readable: only digits and separators follow the '+'.
        "+33 5 59 00 00 00",
        "'-1+1",
        "Partenaire",
        "Validé",
        // 23:30 UTC is already the next day in Paris.
        "02/03/2026",
        "30/06/2030",
        `${NETWORK_LABELS[Network.EAJE]}, ${NETWORK_LABELS[Network.RPE]}`,
        `"Pau; centre"`,
        "'@SUM(A1)",
        "",
      ].join(";"),
    );
    expect(lines[2]).toMatch(/^Bidart;Bob;bob@example\.org;.*;Demande à valider;.*;Aucune;.*;"Chemin ""du lac"""$/);
    // A partner whose request named no town: said so, as in the administrators' list.
    expect(lines[2]).toContain(';Commune à préciser;;"Chemin');
    // An administrator has no town to give.
    expect(lines[3]).toMatch(/^Admin;Zoé;zoe\.admin@portail\.test;.*;;;$/);
    expect(csv).not.toContain("Supprimé");

    const download = await agent.rest("GET", "/api/users/export");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="utilisateurs-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(download.headers.get("cache-control")).toBe("no-store");
    expect(download.text).toBe(csv);
  });

  it("shows a profile to an administrator and to its owner only", async () => {
    const { agent: adminAgent } = await admin();
    const { agent: owner, user } = await actor(t, Role.NEWS_PARTNER, { city: "Pau" });
    const { agent: other } = await actor(t, Role.FULL_PARTNER);
    const deleted = await buildUser(t.portal.dataSource, { status: UserStatus.DELETED });
    const PROFILE = `query ($id: ID!) { userProfile(id: $id) { id email city status } }`;

    for (const agent of [adminAgent, owner]) {
      expect((await agent.graphql(PROFILE, { id: user!.id })).data).toEqual({
        userProfile: { id: user!.id, email: user!.email, city: "Pau", status: "CONFIRMED" },
      });
      const response = await agent.rest("GET", `/api/users/profile/${user!.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: user!.id,
        email: user!.email,
        role: "NEWS_PARTNER",
        creation: expect.any(String),
      });
      expect(response.body).not.toHaveProperty("passwordHash");
    }
    expect((await other.graphql(PROFILE, { id: user!.id })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await other.rest("GET", `/api/users/profile/${user!.id}`)).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN" },
    });
    expect(await newAgent(t).rest("GET", `/api/users/profile/${user!.id}`)).toMatchObject({ status: 401 });

    const notFound = { status: 404, body: { code: "NOT_FOUND", message: "Cet utilisateur est introuvable." } };
    expect(await adminAgent.rest("GET", `/api/users/profile/${deleted.id}`)).toMatchObject(notFound);
    expect(await adminAgent.rest("GET", "/api/users/profile/unknown")).toMatchObject(notFound);
  });

  it("costs the same number of SQL statements for a page of 10 and a page of 50 of accounts", async () => {
    const ds = t.portal.dataSource;
    for (let i = 0; i < 55; i++) await buildUser(ds, { name: `Marie${i}`, email: `marie${i}@example.org` });
    const signedIn = await admin();
    const query = `query ($input: UserSearchInput!) { users(input: $input) { total waiting users { id name viewerCan { edit delete accept addService } } } }`;
    const cost = (size: number) =>
      countStatements(ds, async () => {
        const result = await signedIn.agent.graphql<{ users: { users: unknown[] } }>(query, {
          input: { size, textQuery: "marie" },
        });
        expect(result.errors).toBeUndefined();
        expect(result.data!.users.users).toHaveLength(size);
      });
    const small = await cost(10);
    // The session, then the page with its total and the accounts waiting for review.
    expect(small).toBe(2);
    expect(await cost(50)).toBe(small);
  });
});
