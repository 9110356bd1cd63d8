import { describe, expect, it } from "vitest";
import { buildAccount, newAgent, PASSWORD } from "../../../test/agent";
import { buildUser } from "../../../test/factories";
import { useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { Role, UserStatus } from "../reference/reference.data";
import { User } from "./user.entity";
import { ThrottleService } from "../auth/throttle.service";
import { JOIN_LIMITS, TOO_MANY_JOINS_MESSAGE } from "./join-limits";
import { EMAIL_TAKEN_MESSAGE } from "./user.service";

const CONTACT = "contact@portail.test";
const JOIN = `mutation Join($input: JoinInput!) { requestPartnership(input: $input) }`;
const JOINED_MESSAGE =
  "Votre demande de partenariat a bien été envoyée. Vous recevrez un email lorsqu'elle sera validée.";

const request = (fields: Record<string, unknown> = {}) => ({
  email: "Elodie.Laborde@Example.org",
  name: "  Laborde ",
  surname: "Élodie",
  phone: "05 59 12 34 56",
  justify: "Animatrice du relais petite enfance de Pau.",
  townCode: "64445",
  ...fields,
});

describe("partner requests (join)", () => {
  const mailbox = useMailbox();
  const t = useTestPortal(() => ({ SMTP_URL: mailbox.url, CONTACT_EMAIL: CONTACT }));
  const users = () => t.portal.dataSource.getRepository(User);

  it("creates a LOCAL account in the chosen town and e-mails the administrators (GraphQL)", async () => {
    const ds = t.portal.dataSource;
    const admin = await buildUser(ds, { role: Role.ADMIN, email: "admin@portail.test" });
    await buildUser(ds, { role: Role.ADMIN, status: UserStatus.DELETED, email: "former-admin@portail.test" });
    await buildUser(ds, { role: Role.FULL_PARTNER, email: "partner@portail.test" });

    const result = await newAgent(t).graphql(JOIN, { input: request() });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ requestPartnership: true });

    const created = await users().findOneByOrFail({ email: "elodie.laborde@example.org" });
    expect(created).toMatchObject({
      name: "Laborde",
      surname: "Élodie",
      phone: "05 59 12 34 56",
      role: Role.NEWS_PARTNER,
      status: UserStatus.LOCAL,
      city: "Pau",
      epci: "CA Pau Béarn Pyrénées",
      justify: "Animatrice du relais petite enfance de Pau.",
      passwordHash: null,
      expiration: null,
      networks: [],
    });

    const mail = await mailbox.waitFor();
    expect(mailbox.messages).toHaveLength(1);
    expect(mail.to.sort()).toEqual([admin.email, CONTACT].sort());
    expect(mail.subject).toBe("Portail parentalité : nouvelle demande de partenariat");
    expect(mail.text).toContain(
      "Élodie Laborde (elodie.laborde@example.org, 05 59 12 34 56) demande un compte « Créateur de contenu ».",
    );
    expect(mail.text).toContain("Motivation : Animatrice du relais petite enfance de Pau.");
    expect(mail.links.some((link) => link.endsWith("/gestion-utilisateurs"))).toBe(true);
    expect(mail.html).toContain("Élodie Laborde");

    // A request is not an account yet.
    await expect(newAgent(t).login(created.email, PASSWORD)).rejects.toThrow(
      "Mot de passe ou nom d'utilisateur incorrect",
    );
  });

  it("accepts a request through REST with 201, as FULL_PARTNER, with an address", async () => {
    const response = await newAgent(t).rest(
      "POST",
      "/api/users/join",
      request({ role: "FULL_PARTNER", townCode: "64102", fullAddress: "2 place de la Mairie" }),
    );
    expect(response).toMatchObject({ status: 201, body: { message: JOINED_MESSAGE } });
    const created = await users().findOneByOrFail({ email: "elodie.laborde@example.org" });
    expect(created).toMatchObject({
      role: Role.FULL_PARTNER,
      status: UserStatus.LOCAL,
      city: "Bayonne",
      epci: "CA du Pays Basque",
      fullAddress: "2 place de la Mairie",
    });
    // No administrator yet: the contact address alone is told.
    expect((await mailbox.waitFor()).to).toEqual([CONTACT]);
  });

  it("answers CONFLICT / 409 for a known e-mail, whatever its case, and creates nothing", async () => {
    const existing = await buildAccount(t.portal.dataSource, { email: "elodie.laborde@example.org", name: "Ancien" });
    const graphql = await newAgent(t).graphql(JOIN, { input: request() });
    expect(graphql.errors).toEqual([
      // The field is named, so that a form says it under the address.
      expect.objectContaining({
        message: EMAIL_TAKEN_MESSAGE,
        extensions: { code: "CONFLICT", fields: { email: EMAIL_TAKEN_MESSAGE } },
      }),
    ]);
    const rest = await newAgent(t).rest("POST", "/api/users/join", request({ email: "ELODIE.LABORDE@EXAMPLE.ORG" }));
    expect(rest).toMatchObject({
      status: 409,
      body: { code: "CONFLICT", message: EMAIL_TAKEN_MESSAGE, fields: { email: EMAIL_TAKEN_MESSAGE } },
    });

    expect(await users().count()).toBe(1);
    expect(await users().findOneByOrFail({ id: existing.id })).toMatchObject({
      name: "Ancien",
      status: UserStatus.CONFIRMED,
    });
    expect(mailbox.messages).toEqual([]);
  });

  it("takes an address with spaces around it, as sign-in does, and stores it without them", async () => {
    const rest = await newAgent(t).rest(
      "POST",
      "/api/users/join",
      request({ email: "  Elodie.Laborde@Example.org \t" }),
    );
    expect(rest.status).toBe(201);
    expect(await users().countBy({ email: "elodie.laborde@example.org" })).toBe(1);
    // Inner spaces are still refused.
    const inner = await newAgent(t).rest("POST", "/api/users/join", request({ email: "elodie laborde@example.org" }));
    expect(inner).toMatchObject({ status: 400, body: { fields: { email: "L'adresse e-mail n'est pas valide." } } });
    expect(await users().count()).toBe(1);
  });

  it("takes control characters out of what is sent (NUL, backspace), on both edges, and keeps line breaks", async () => {
    const rest = await newAgent(t).rest(
      "POST",
      "/api/users/join",
      request({ name: "La\u0000borde", justify: "Relais\u0008 petite enfance\nde Pau\u001f" }),
    );
    expect(rest.status).toBe(201);
    expect(await users().findOneByOrFail({ email: "elodie.laborde@example.org" })).toMatchObject({
      name: "Laborde",
      justify: "Relais petite enfance\nde Pau",
    });
    const graphql = await newAgent(t).graphql(JOIN, {
      input: request({ email: "autre@example.org", surname: "\u0000", fullAddress: "\u0000" }),
    });
    // A field of nothing but control characters is a field left blank.
    expect(graphql.errors?.[0]).toMatchObject({
      extensions: { code: "BAD_USER_INPUT", fields: { surname: expect.any(String) } },
    });
    expect(await users().count()).toBe(1);
  });

  it("answers 409 to every request but one when the same address is sent several times at once", async () => {
    // As many as one e-mail address is allowed (JOIN_LIMITS.email).
    const answers = await Promise.all(
      Array.from({ length: JOIN_LIMITS.email.max }, (_, index) =>
        newAgent(t).rest("POST", "/api/users/join", request(index % 2 ? { email: "ELODIE.LABORDE@example.org" } : {})),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((answer) => answer.status === 409))
      expect(answer.body).toEqual({
        code: "CONFLICT",
        message: EMAIL_TAKEN_MESSAGE,
        fields: { email: EMAIL_TAKEN_MESSAGE },
      });
    expect(await users().count()).toBe(1);
  });

  it("refuses the ADMIN role (and the visitor role) whatever the transport", async () => {
    const message = "Le rôle demandé doit être « Créateur de contenu » ou « Partenaire ».";
    const graphql = await newAgent(t).graphql(JOIN, { input: request({ role: "ADMIN" }) });
    expect(graphql.errors?.[0]).toMatchObject({
      message,
      extensions: { code: "BAD_USER_INPUT", fields: { role: message } },
    });
    for (const role of ["ADMIN", "BASIC_USER"]) {
      expect(await newAgent(t).rest("POST", "/api/users/join", request({ role }))).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message },
      });
    }
    expect(await users().count()).toBe(0);
    expect(mailbox.messages).toEqual([]);
  });

  const INVALID = "Requête invalide";
  const badRequests: Array<[string, Record<string, unknown>, string, string?]> = [
    ["a missing e-mail", { email: undefined }, "Requête invalide : le champ « email » est requis."],
    ["a malformed e-mail", { email: "elodie.laborde@" }, "L'adresse e-mail n'est pas valide.", "email"],
    ["an e-mail with spaces", { email: "elodie laborde@example.org" }, "L'adresse e-mail n'est pas valide.", "email"],
    ["a number for the phone", { phone: 559123456 }, "Requête invalide : le champ « phone » attend du texte."],
    ["an object for the name", { name: { first: "x" } }, "Requête invalide : le champ « name » attend du texte."],
    ["a malformed phone", { phone: "appelez-moi" }, "Le numéro de téléphone n'est pas valide.", "phone"],
    ["a blank phone", { phone: "  " }, "Le téléphone fixe est requis.", "phone"],
    ["a 101-character name", { name: "n".repeat(101) }, "Le nom ne doit pas dépasser 100 caractères.", "name"],
    [
      "a 101-character surname",
      { surname: "s".repeat(101) },
      "Le prénom ne doit pas dépasser 100 caractères.",
      "surname",
    ],
    [
      "a 2001-character motivation",
      { justify: "j".repeat(2001) },
      "La motivation ne doit pas dépasser 2000 caractères.",
      "justify",
    ],
    [
      "a 256-character address",
      { fullAddress: "a".repeat(256) },
      "L'adresse ne doit pas dépasser 255 caractères.",
      "fullAddress",
    ],
    [
      "a 255-character e-mail",
      { email: `${"e".repeat(243)}@example.org` },
      "L'adresse e-mail n'est pas valide.",
      "email",
    ],
    ["a blank name", { name: "   " }, "Le nom est requis.", "name"],
    ["an empty motivation", { justify: "" }, "La motivation est requise.", "justify"],
    ["a blank motivation", { justify: " \n " }, "La motivation est requise.", "justify"],
    ["a malformed town code", { townCode: "Pau" }, "La commune est requise.", "townCode"],
    ["an unknown town", { townCode: "99999" }, "La commune choisie est inconnue.", "townCode"],
  ];

  it.each(badRequests)(
    "refuses %s with a French message and creates nothing",
    async (_name, fields, message, field) => {
      const body = request(fields);
      const rest = await newAgent(t).rest("POST", "/api/users/join", body);
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ code: "BAD_USER_INPUT", message });
      if (field) expect(rest.body.fields).toHaveProperty(field);
      if (!message.startsWith(INVALID)) {
        // The same answer through GraphQL.
        const graphql = await newAgent(t).graphql(JOIN, { input: body });
        expect(graphql.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
      }
      expect(await users().count()).toBe(0);
      expect(mailbox.messages).toEqual([]);
    },
  );

  it("refuses a body that is not a JSON object", async () => {
    for (const body of ["[1, 2]", '{"email":', '"text"']) {
      const response = await newAgent(t).rest("POST", "/api/users/join", body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("BAD_USER_INPUT");
      expect(response.body.message).toMatch(/^Requête invalide/);
    }
    expect(await users().count()).toBe(0);
  });

  it("refuses a cross-site write (foreign Origin) with 403, and accepts the portal's own origin", async () => {
    const evil = await newAgent(t).rest("POST", "/api/users/join", request(), { origin: "https://evil.example" });
    expect(evil).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN", message: "Requête refusée : origine non autorisée." },
    });
    expect(await users().count()).toBe(0);
    expect(mailbox.messages).toEqual([]);

    // The same holds for every other write, including sign-in (no cookie is set).
    const user = await buildAccount(t.portal.dataSource);
    const agent = newAgent(t);
    const login = await agent.rest(
      "POST",
      "/api/auth/login",
      { email: user.email, password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(login.status).toBe(403);
    expect(agent.session).toBeUndefined();
    // And through GraphQL: the partner request is not made.
    const JOIN = `mutation ($input: JoinInput!) { requestPartnership(input: $input) }`;
    const viaGraphql = await newAgent(t).graphql(
      JOIN,
      { input: { ...request(), townCode: "64445" } },
      { origin: "https://evil.example" },
    );
    expect(viaGraphql).toMatchObject({
      status: 403,
      data: null,
      errors: [{ message: "Requête refusée : origine non autorisée.", extensions: { code: "FORBIDDEN" } }],
    });
    expect(await users().countBy({ status: UserStatus.LOCAL })).toBe(0);

    const own = await newAgent(t).rest("POST", "/api/users/join", request(), { origin: new URL(t.url).origin });
    expect(own.status).toBe(201);
    expect(await users().countBy({ status: UserStatus.LOCAL })).toBe(1);
    const ownGraphql = await newAgent(t).graphql(
      JOIN,
      { input: { ...request(), email: "autre@example.org", townCode: "64445" } },
      { origin: new URL(t.url).origin },
    );
    expect(ownGraphql).toMatchObject({ status: 200, data: { requestPartnership: true } });
  });
  describe("limits", () => {
    /** A visitor behind the address `ip` (the portal trusts its loopback proxy's X-Forwarded-For). */
    const from = (ip: string) => newAgent(t, { "x-forwarded-for": ip });
    const refused = (answer: { status: number; body: unknown; headers: Headers }) => {
      expect(answer).toMatchObject({
        status: 429,
        body: { code: "TOO_MANY_REQUESTS", message: TOO_MANY_JOINS_MESSAGE },
      });
      const wait = Number(answer.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(JOIN_LIMITS.address.blockMs / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(JOIN_LIMITS.address.blockMs / 1000);
    };

    it("takes 10 requests an hour from one address, then answers 429 with Retry-After and stores or sends nothing", async () => {
      for (let index = 0; index < JOIN_LIMITS.address.max; index++) {
        const answer = await from("203.0.113.7").rest(
          "POST",
          "/api/users/join",
          request({ email: `p${index}@example.org` }),
        );
        expect(answer.status).toBe(201);
      }
      expect(mailbox.messages).toHaveLength(JOIN_LIMITS.address.max);
      refused(await from("203.0.113.7").rest("POST", "/api/users/join", request({ email: "p10@example.org" })));
      const graphql = await from("203.0.113.7").graphql(JOIN, { input: request({ email: "p11@example.org" }) });
      expect(graphql.errors).toEqual([
        expect.objectContaining({
          message: TOO_MANY_JOINS_MESSAGE,
          extensions: { code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) },
        }),
      ]);
      expect(await users().count()).toBe(JOIN_LIMITS.address.max);
      expect(mailbox.messages).toHaveLength(JOIN_LIMITS.address.max);
      // Another address goes on.
      expect((await from("198.51.100.4").rest("POST", "/api/users/join", request())).status).toBe(201);
    });

    it("counts the answers about a known e-mail: 409 three times, then 429 from any address", async () => {
      await buildAccount(t.portal.dataSource, { email: "elodie.laborde@example.org" });
      for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
        expect((await from(ip).rest("POST", "/api/users/join", request())).status).toBe(409);
      }
      refused(
        await from("203.0.113.4").rest("POST", "/api/users/join", request({ email: "ELODIE.LABORDE@example.org" })),
      );
      const graphql = await from("203.0.113.5").graphql(JOIN, { input: request() });
      expect(graphql.errors?.[0]).toMatchObject({
        message: TOO_MANY_JOINS_MESSAGE,
        extensions: { code: "TOO_MANY_REQUESTS" },
      });
      // The refusal says nothing an unknown address would not get.
      await from("203.0.113.6").rest("POST", "/api/users/join", request({ email: "inconnue@example.org" }));
      await from("203.0.113.6").rest("POST", "/api/users/join", request({ email: "inconnue@example.org" }));
      await from("203.0.113.6").rest("POST", "/api/users/join", request({ email: "inconnue@example.org" }));
      refused(await from("203.0.113.7").rest("POST", "/api/users/join", request({ email: "inconnue@example.org" })));
      expect(await users().count()).toBe(2);
      expect(mailbox.messages).toHaveLength(1);
    });

    it("never tells a wait longer than the block, to a request begun before the block was set", async () => {
      const throttle = new ThrottleService(t.portal.dataSource);
      const rule = JOIN_LIMITS.address;
      const key: Array<[string, typeof rule]> = [["join:ip:203.0.113.8", rule]];
      // A request that began a second ago is counted after the one that set the block.
      const begun = new Date(Date.now() - 1000);
      for (let index = 0; index <= rule.max; index++) await throttle.attempt(key);
      const wait = await throttle.attempt(key, begun);
      expect(wait).toBeGreaterThan(rule.blockMs / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(rule.blockMs / 1000);
    });

    it("holds for requests sent all at once: 20 from one address create 10 requests at most", async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          from("203.0.113.9").rest("POST", "/api/users/join", request({ email: `burst${index}@example.org` })),
        ),
      );
      const created = answers.filter((answer) => answer.status === 201).length;
      expect(created).toBeGreaterThan(0);
      expect(created).toBeLessThanOrEqual(JOIN_LIMITS.address.max);
      for (const answer of answers.filter((answer) => answer.status !== 201)) refused(answer);
      expect(await users().count()).toBe(created);
      expect(mailbox.messages).toHaveLength(created);
    });
  });
});
