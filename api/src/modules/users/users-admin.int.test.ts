import { In } from "typeorm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { actor, buildAccount, newAgent, PASSWORD } from "../../../test/agent";
import { buildUser } from "../../../test/factories";
import { passwordLink, useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { PAST_DATE_MESSAGE, todayInParis } from "../../shared/rules";
import { Session } from "../auth/session.entity";
import { UserToken } from "../auth/user-token.entity";
import { Network, Role, UserStatus } from "../reference/reference.data";
import { User } from "./user.entity";
import { EMAIL_TAKEN_MESSAGE } from "./user.service";

const ACCEPT = `mutation ($id: ID!) { acceptUser(id: $id) { id status expiration } }`;
const CREATE = `mutation ($input: UserInput!) { createUser(input: $input) { id email name status role networks expiration city } }`;
const UPDATE = `mutation ($id: ID!, $input: UserInput!) { updateUser(id: $id, input: $input) { id email name role networks expiration } }`;
const DELETE = `mutation ($id: ID!) { deleteUser(id: $id) }`;
const STORE = `mutation ($input: StorePasswordInput!) { storePassword(input: $input) }`;
const NEW_PASSWORD = "Nouveau-2025";

const input = (fields: Record<string, unknown> = {}) => ({
  name: " Durand ",
  surname: "Luc",
  email: "Luc.Durand@Example.org",
  phone: "05 59 00 00 01",
  mobile: "06 00 00 00 01",
  role: "FULL_PARTNER",
  networks: ["EAJE", "RPE", "EAJE"],
  expiration: null,
  ...fields,
});

describe("user administration: accept, create, update, delete", () => {
  const mailbox = useMailbox();
  const t = useTestPortal(() => ({ SMTP_URL: mailbox.url }));
  const users = () => t.portal.dataSource.getRepository(User);
  const tokens = () => t.portal.dataSource.getRepository(UserToken);
  const admin = () => actor(t, Role.ADMIN);
  const inSixMonths = () => DateTime.now().setZone("Europe/Paris").plus({ months: 6 }).toISODate();

  it("accepts a request (GraphQL): LOCAL becomes PENDING, e-mailed link, password chosen, then CONFIRMED and signed in", async () => {
    const { agent } = await admin();
    const request = await buildUser(t.portal.dataSource, {
      status: UserStatus.LOCAL,
      email: "request@example.org",
      city: "Pau",
    });

    const accepted = await agent.graphql(ACCEPT, { id: request.id });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.acceptUser).toEqual({ id: request.id, status: "PENDING", expiration: inSixMonths() });
    expect(await users().findOneByOrFail({ id: request.id })).toMatchObject({
      status: UserStatus.PENDING,
      passwordHash: null,
    });

    const mail = await mailbox.waitFor((m) => m.to.includes("request@example.org"));
    expect(mail.subject).toBe("Portail parentalité : votre demande de partenariat est validée");
    expect(mail.text).toContain("Votre demande de partenariat a été validée par un administrateur du portail.");
    const link = passwordLink(mail);
    expect(link.userId).toBe(request.id);
    expect(await tokens().countBy({ userId: request.id, purpose: "SET_PASSWORD" })).toBe(1);

    const visitor = newAgent(t);
    expect((await visitor.graphql(STORE, { input: { ...link, password: NEW_PASSWORD } })).data).toEqual({
      storePassword: true,
    });
    expect(await users().findOneByOrFail({ id: request.id })).toMatchObject({ status: UserStatus.CONFIRMED });
    await visitor.login("request@example.org", NEW_PASSWORD);
    expect(await visitor.whoAmI()).toBe(request.id);
  });

  it("leaves a request without expiration when the administrator cleared it in the form (defaultExpiration: false)", async () => {
    const { agent } = await admin();
    const request = await buildUser(t.portal.dataSource, {
      status: UserStatus.LOCAL,
      email: "open@example.org",
      city: "Pau",
    });
    const accepted = await agent.graphql(
      `mutation ($id: ID!) { acceptUser(id: $id, defaultExpiration: false) { id status expiration } }`,
      { id: request.id },
    );
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.acceptUser).toEqual({ id: request.id, status: "PENDING", expiration: null });
    expect(await users().findOneByOrFail({ id: request.id })).toMatchObject({ expiration: null });
  });

  it("accepts a request through REST, keeping an expiration already set, and the REST link flow works", async () => {
    const { agent } = await admin();
    const request = await buildUser(t.portal.dataSource, {
      status: UserStatus.LOCAL,
      expiration: "2031-01-15",
      city: "Bayonne",
    });
    const response = await agent.rest("POST", `/api/users/accept/${request.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: request.id,
      status: "PENDING",
      expiration: "2031-01-15",
      creation: expect.any(String),
    });

    const link = passwordLink(await mailbox.waitFor());
    const visitor = newAgent(t);
    expect(await visitor.rest("POST", "/api/users/store-password", { ...link, password: NEW_PASSWORD })).toMatchObject({
      status: 200,
      body: { message: "Votre mot de passe est enregistré." },
    });
    expect(
      (await visitor.rest("POST", "/api/auth/login", { email: request.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it("refuses to accept what is not a pending request, and sends nothing", async () => {
    const { agent } = await admin();
    const ds = t.portal.dataSource;
    const confirmed = await buildUser(ds);
    const pending = await buildUser(ds, { status: UserStatus.PENDING });
    const deleted = await buildUser(ds, { status: UserStatus.DELETED });
    for (const user of [confirmed, pending]) {
      expect(await agent.rest("POST", `/api/users/accept/${user.id}`)).toMatchObject({
        status: 409,
        body: { code: "CONFLICT", message: "Cette demande a déjà été validée." },
      });
      expect((await users().findOneByOrFail({ id: user.id })).status).toBe(user.status);
    }
    for (const id of [deleted.id, "unknown"]) {
      expect((await agent.graphql(ACCEPT, { id })).errors?.[0]).toMatchObject({
        message: "Cet utilisateur est introuvable.",
        extensions: { code: "NOT_FOUND" },
      });
    }
    expect(mailbox.messages).toEqual([]);
    expect(await tokens().count()).toBe(0);
  });

  it("creates a PENDING account (GraphQL) with cleaned fields and e-mails its set-password link", async () => {
    const { agent } = await admin();
    const created = await agent.graphql(CREATE, {
      input: input({ email: " Luc.Durand@Example.org ", expiration: todayInParis() }),
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.createUser).toMatchObject({
      email: "luc.durand@example.org",
      name: "Durand",
      status: "PENDING",
      role: "FULL_PARTNER",
      networks: ["EAJE", "RPE"],
      expiration: todayInParis(),
      city: null,
    });
    const id = created.data.createUser.id;
    expect(await users().findOneByOrFail({ id })).toMatchObject({ mobile: "06 00 00 00 01", passwordHash: null });

    const mail = await mailbox.waitFor((m) => m.to.includes("luc.durand@example.org"));
    expect(mail.subject).toBe("Portail parentalité : votre compte a été créé");
    expect(mail.text).toContain("Bonjour Luc Durand,");
    const link = passwordLink(mail);
    expect(link.userId).toBe(id);
    // Not signed in until the password is chosen.
    await expect(newAgent(t).login("luc.durand@example.org", PASSWORD)).rejects.toThrow();
    expect((await newAgent(t).graphql(STORE, { input: { ...link, password: NEW_PASSWORD } })).errors).toBeUndefined();
    const user = newAgent(t);
    await user.login("luc.durand@example.org", NEW_PASSWORD);
    expect(await user.whoAmI()).toBe(id);
  });

  it("creates through REST with 201, legacy network values and a timestamp expiration", async () => {
    const { agent } = await admin();
    const response = await agent.rest(
      "POST",
      "/api/users/add",
      input({ networks: ["all", "EAJE"], expiration: "2030-05-21T00:00:00.000Z", mobile: null }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: "PENDING",
      networks: ["all", "eaje"],
      expiration: "2030-05-21",
      mobile: null,
    });
    expect(await users().findOneByOrFail({ id: response.body.id })).toMatchObject({
      networks: [Network.ALL, Network.EAJE],
    });
    expect(mailbox.messages).toHaveLength(1);
  });

  const badCreations: Array<[string, Record<string, unknown>, number, string]> = [
    ["an expiration in the past", { expiration: "2020-01-01" }, 400, PAST_DATE_MESSAGE],
    ["an impossible date", { expiration: "2027-02-30" }, 400, "Date invalide"],
    // A day as the portal writes it is taken (21/05/2030, spec-payloads): one that does not exist is not.
    ["an impossible French-format date", { expiration: "30/02/2030" }, 400, "Date invalide"],
    ["a known e-mail", { email: "TAKEN@example.org" }, 409, EMAIL_TAKEN_MESSAGE],
    ["a missing e-mail", { email: undefined }, 400, "Requête invalide : le champ « email » est requis."],
    ["a malformed e-mail", { email: "luc@durand" }, 400, "L'adresse e-mail n'est pas valide."],
    [
      "a number for the role",
      { role: 3 },
      400,
      "Requête invalide : le champ « role » attend l'une de ces valeurs : BASIC_USER, NEWS_PARTNER, FULL_PARTNER, ADMIN.",
    ],
    [
      "the visitor role",
      { role: "BASIC_USER" },
      400,
      "Le rôle doit être Créateur de contenu, Partenaire ou Administrateur.",
    ],
    [
      "an unknown network",
      { networks: ["CAF"] },
      400,
      // In the spelling of REST answers.
      "Requête invalide : « CAF » n'est pas une valeur du champ « networks » (valeurs acceptées : disability_support_hub, eaje, rpe, pdn, leisure_centre_animation, raj, social_centres, cooperation_officers, family_referents, laep_referents, clas_referents, reaap, territory, alsh_directors, all).",
    ],
    ["sixteen networks", { networks: Array(16).fill("EAJE") }, 400, "Trop de réseaux."],
    ["a 101-character surname", { surname: "s".repeat(101) }, 400, "Le prénom ne doit pas dépasser 100 caractères."],
    ["a blank name", { name: "  " }, 400, "Le nom est requis."],
    ["a 31-character phone", { phone: "0".repeat(31) }, 400, "Le numéro de téléphone n'est pas valide."],
    ["a blank phone", { phone: " " }, 400, "Le téléphone fixe est requis."],
  ];

  it.each(badCreations)(
    "refuses to create with %s, creating and sending nothing",
    async (_name, fields, status, message) => {
      const { agent, user: me } = await admin();
      await buildUser(t.portal.dataSource, { email: "taken@example.org" });
      const response = await agent.rest("POST", "/api/users/add", input(fields));
      expect(response).toMatchObject({ status, body: { message } });
      if (status === 400 && !message.startsWith("Requête invalide")) {
        const graphql = await agent.graphql(CREATE, { input: input(fields) });
        expect(graphql.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
      }
      expect((await users().find()).map((u) => u.email).sort()).toEqual([me!.email, "taken@example.org"].sort());
      expect(await tokens().count()).toBe(0);
      expect(mailbox.messages).toEqual([]);
    },
  );

  it("updates an account through GraphQL and REST; its own e-mail may stay, another's may not", async () => {
    const { agent } = await admin();
    const target = await buildUser(t.portal.dataSource, {
      email: "luc.durand@example.org",
      role: Role.NEWS_PARTNER,
      expiration: "2030-01-01",
    });
    const other = await buildUser(t.portal.dataSource, { email: "other@example.org" });

    const updated = await agent.graphql(UPDATE, { id: target.id, input: input({ expiration: "2031-12-31" }) });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateUser).toEqual({
      id: target.id,
      email: "luc.durand@example.org",
      name: "Durand",
      role: "FULL_PARTNER",
      networks: ["EAJE", "RPE"],
      expiration: "2031-12-31",
    });
    // REST: null clears the expiration.
    const rest = await agent.rest("PUT", "/api/users/update", {
      id: target.id,
      ...input({ name: "Durand-Etxe", expiration: null }),
    });
    expect(rest).toMatchObject({ status: 200, body: { id: target.id, name: "Durand-Etxe", expiration: null } });
    expect(await users().findOneByOrFail({ id: target.id })).toMatchObject({
      name: "Durand-Etxe",
      expiration: null,
      status: UserStatus.CONFIRMED,
    });

    const before = await users().findOneByOrFail({ id: target.id });
    expect(
      await agent.rest("PUT", "/api/users/update", { id: target.id, ...input({ email: other.email }) }),
    ).toMatchObject({
      status: 409,
      body: { code: "CONFLICT", message: EMAIL_TAKEN_MESSAGE },
    });
    expect(
      await agent.rest("PUT", "/api/users/update", { id: target.id, ...input({ expiration: "2027-02-30" }) }),
    ).toMatchObject({
      status: 400,
      body: { message: "Date invalide", fields: { expiration: "Date invalide" } },
    });
    expect(await agent.rest("PUT", "/api/users/update", input())).toMatchObject({
      status: 400,
      body: { message: "Requête invalide : le paramètre « id » est requis." },
    });
    expect(await agent.rest("PUT", "/api/users/update", { id: "unknown", ...input() })).toMatchObject({
      status: 404,
      body: { message: "Cet utilisateur est introuvable." },
    });
    expect(await users().findOneByOrFail({ id: target.id })).toEqual(before);
    expect(mailbox.messages).toEqual([]);
  });

  it("answers 409, not a failure, to requests that take the same address at the same moment (a double-click)", async () => {
    const { agent } = await admin();
    const created = await Promise.all(Array.from({ length: 6 }, () => agent.rest("POST", "/api/users/add", input())));
    expect(created.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of created.filter((answer) => answer.status === 409))
      expect(answer.body).toEqual({
        code: "CONFLICT",
        message: EMAIL_TAKEN_MESSAGE,
        fields: { email: EMAIL_TAKEN_MESSAGE },
      });
    expect(await users().countBy({ email: "luc.durand@example.org" })).toBe(1);

    // Two accounts given the same new address at once: one keeps it, the other keeps its own.
    const [first, second] = [
      await buildUser(t.portal.dataSource, { email: "first@example.org" }),
      await buildUser(t.portal.dataSource, { email: "second@example.org" }),
    ];
    const updated = await Promise.all(
      [first, second].map((user) =>
        agent.graphql(UPDATE, { id: user.id, input: input({ email: "shared@example.org" }) }),
      ),
    );
    expect(updated.map((answer) => answer.errors?.[0]?.extensions?.code ?? "OK").sort()).toEqual(["CONFLICT", "OK"]);
    const emails = (await users().findBy({ id: In([first.id, second.id]) })).map((user) => user.email).sort();
    expect(emails).toEqual(
      emails.includes("first@example.org")
        ? ["first@example.org", "shared@example.org"]
        : ["second@example.org", "shared@example.org"],
    );
  });

  it("lets an administrator demote another administrator, never themself", async () => {
    const { agent, user: me } = await admin();
    const colleague = await buildUser(t.portal.dataSource, { role: Role.ADMIN, email: "colleague@example.org" });
    const demoteSelf = await agent.graphql(UPDATE, {
      id: me!.id,
      input: input({ email: me!.email, role: "NEWS_PARTNER" }),
    });
    expect(demoteSelf.errors?.[0]).toMatchObject({
      message: "Vous ne pouvez pas retirer votre propre rôle d'administrateur.",
      extensions: { code: "FORBIDDEN" },
    });
    expect((await users().findOneByOrFail({ id: me!.id })).role).toBe(Role.ADMIN);

    const demoted = await agent.graphql(UPDATE, {
      id: colleague.id,
      input: input({ email: colleague.email, role: "NEWS_PARTNER" }),
    });
    expect(demoted.data?.updateUser.role).toBe("NEWS_PARTNER");
  });

  it("deletes softly (GraphQL and REST): DELETED, still stored, signed out, and hidden from lists", async () => {
    const { agent } = await admin();
    const viaGraphql = await buildAccount(t.portal.dataSource);
    const { agent: partner, user: viaRest } = await actor(t, Role.FULL_PARTNER);

    expect((await agent.graphql(DELETE, { id: viaGraphql.id })).data).toEqual({ deleteUser: true });
    expect(await agent.rest("DELETE", `/api/users/delete/${viaRest!.id}`)).toMatchObject({
      status: 200,
      body: { message: "Utilisateur supprimé." },
    });
    for (const id of [viaGraphql.id, viaRest!.id]) {
      expect(await users().findOneByOrFail({ id })).toMatchObject({ status: UserStatus.DELETED });
    }
    expect(await t.portal.dataSource.getRepository(Session).countBy({ userId: viaRest!.id })).toBe(0);
    expect(await partner.whoAmI()).toBeNull();
    const list = await agent.rest("GET", "/api/users/search");
    expect(list.body.users.map((u: { id: string }) => u.id)).not.toContain(viaRest!.id);

    // Deleting again, or an unknown account: 404.
    expect(await agent.rest("DELETE", `/api/users/delete/${viaRest!.id}`)).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND" },
    });
    expect(await agent.rest("DELETE", "/api/users/delete/unknown")).toMatchObject({ status: 404 });
  });

  it("refuses an administrator's deletion of their own account", async () => {
    const { agent, user: me } = await admin();
    await buildUser(t.portal.dataSource, { role: Role.ADMIN });
    expect(await agent.rest("DELETE", `/api/users/delete/${me!.id}`)).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN", message: "Vous ne pouvez pas supprimer votre propre compte." },
    });
    expect((await agent.graphql(DELETE, { id: me!.id })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await users().findOneByOrFail({ id: me!.id })).toMatchObject({ status: UserStatus.CONFIRMED });
    expect(await agent.whoAmI()).toBe(me!.id);
  });

  it("tells the web what each account may do: `can` on the current user, `viewerCan` on each row", async () => {
    const CAN = `{ currentUser { can { publish ownServices manageUsers restrictToNetworks } } }`;
    const ROWS = `query ($input: UserSearchInput!) { users(input: $input) { users { id viewerCan { edit delete accept addService } } } }`;
    const { agent, user: me } = await admin();
    const request = await buildUser(t.portal.dataSource, { status: UserStatus.LOCAL, role: Role.NEWS_PARTNER });
    const professional = await buildUser(t.portal.dataSource, { role: Role.FULL_PARTNER });

    const mine = await agent.graphql(CAN);
    expect(mine.data.currentUser.can).toMatchObject({ publish: true, ownServices: true, manageUsers: true });
    expect(mine.data.currentUser.can.restrictToNetworks).toEqual(Object.keys(Network));

    const rows = await agent.graphql(ROWS, { input: { size: 100 } });
    expect(rows.errors).toBeUndefined();
    const abilities = new Map(
      rows.data.users.users.map((row: { id: string; viewerCan: unknown }) => [row.id, row.viewerCan]),
    );
    expect(abilities.get(me!.id)).toEqual({ edit: true, delete: false, accept: false, addService: true });
    expect(abilities.get(request.id)).toEqual({ edit: true, delete: true, accept: true, addService: false });
    expect(abilities.get(professional.id)).toEqual({ edit: true, delete: true, accept: false, addService: true });

    const { agent: partner } = await actor(t, Role.NEWS_PARTNER, { networks: [Network.RPE] });
    expect((await partner.graphql(CAN)).data.currentUser.can).toEqual({
      publish: true,
      ownServices: false,
      manageUsers: false,
      restrictToNetworks: ["RPE"],
    });
    expect((await newAgent(t).graphql(CAN)).data.currentUser).toBeNull();
  });
});
