import { describe, expect, it } from "vitest";
import { actor, buildAccount, LOGIN, newAgent, PASSWORD } from "../../../test/agent";
import { recordStatements } from "../../../test/statements";
import { useTestPortal } from "../../../test/portal";
import { todayInParis } from "../../shared/rules";
import { REQUIRED } from "../../shared/form-rules";
import { Role, UserStatus } from "../reference/reference.data";
import { LOGIN_FAILED_MESSAGE, LOGIN_LIMITS } from "./auth.service";
import { SESSION_COOKIE } from "./http-session";
import { Session } from "./session.entity";
import { ThrottleEntry } from "./throttle.entity";

const THROTTLED_MESSAGE = "Trop de tentatives de connexion : veuillez réessayer dans quelques minutes.";
const DAY = 24 * 3600_000;

describe("sign-in, sessions and sign-out", () => {
  const t = useTestPortal();
  const sessions = () => t.portal.dataSource.getRepository(Session);
  const account = (fields: Parameters<typeof buildAccount>[1] = {}) => buildAccount(t.portal.dataSource, fields);

  it("signs in through GraphQL with an httpOnly, SameSite=Lax browser-session cookie", async () => {
    const user = await account({ role: Role.FULL_PARTNER });
    const agent = newAgent(t);
    const before = Date.now();
    expect(await agent.login(user.email, PASSWORD)).toEqual({
      id: user.id,
      email: user.email,
      role: "FULL_PARTNER",
      status: "CONFIRMED",
    });

    const cookie = agent.lastSetCookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/" });
    expect(cookie.attributes).not.toHaveProperty("max-age");
    expect(cookie.attributes).not.toHaveProperty("expires");
    // Not Secure: the test portal's PUBLIC_URL is http://.
    expect(cookie.attributes).not.toHaveProperty("secure");

    const [session] = await sessions().findBy({ userId: user.id });
    expect(session.persistent).toBe(false);
    // Only a hash of the token is stored.
    expect(session.tokenHash).not.toContain(cookie.value);
    expect(session.expiresAt.getTime() - before).toBeGreaterThan(11.9 * 3600_000);
    expect(session.expiresAt.getTime() - before).toBeLessThan(12.1 * 3600_000);

    const current = await agent.graphql(`{ currentUser { id email role status } }`);
    expect(current.data).toEqual({
      currentUser: { id: user.id, email: user.email, role: "FULL_PARTNER", status: "CONFIRMED" },
    });
  });

  it("opens nothing with a session past its end, and removes its cookie", async () => {
    const user = await account({ role: Role.FULL_PARTNER });
    const agent = newAgent(t);
    await agent.login(user.email, PASSWORD);
    const current = `{ currentUser { id } }`;
    expect((await agent.graphql(current)).data).toEqual({ currentUser: { id: user.id } });
    await sessions().update({ userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await agent.graphql(current)).data).toEqual({ currentUser: null });
    // Its cookie is removed, so the browser stops sending it.
    expect(agent.lastSetCookies.find((c) => c.name === SESSION_COOKIE)?.value ?? "").toBe("");
  });

  it("'remember' gives a 30-day cookie, through GraphQL and through REST (even as the string \"true\")", async () => {
    const user = await account();
    const viaGraphql = newAgent(t);
    await viaGraphql.login(user.email, PASSWORD, true);
    const viaRest = newAgent(t);
    const response = await viaRest.rest("POST", "/api/auth/login", {
      email: user.email,
      password: PASSWORD,
      remember: "true",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, email: user.email, status: "CONFIRMED", networks: [] });
    expect(response.body.creation).toEqual(expect.any(String));
    expect(response.body).not.toHaveProperty("passwordHash");

    for (const agent of [viaGraphql, viaRest]) {
      const cookie = agent.lastSetCookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cookie.attributes).toMatchObject({ httponly: true, samesite: "Lax", "max-age": String(30 * 24 * 3600) });
      const expires = new Date(cookie.attributes.expires as string).getTime();
      expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      expect(await agent.whoAmI()).toBe(user.id);
    }
    const stored = await sessions().findBy({ userId: user.id });
    expect(stored.map((s) => s.persistent)).toEqual([true, true]);
    for (const s of stored) expect(Math.abs(s.expiresAt.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    // Without remember (absent, false, or anything but true/"true") the cookie lasts the browser session.
    for (const remember of [undefined, false, "yes"]) {
      const agent = newAgent(t);
      expect(
        (await agent.rest("POST", "/api/auth/login", { email: user.email, password: PASSWORD, remember })).status,
      ).toBe(200);
      expect(agent.lastSetCookies.find((c) => c.name === SESSION_COOKIE)!.attributes).not.toHaveProperty("max-age");
    }
  });

  it("opens a new session at every sign-in and closes the browser's previous one", async () => {
    const user = await account();
    const agent = newAgent(t);
    const other = newAgent(t);
    await agent.login(user.email, PASSWORD);
    await other.login(user.email, PASSWORD);
    const first = agent.clone();
    await agent.login(user.email, PASSWORD);

    expect(agent.session).not.toBe(first.session);
    expect(await agent.whoAmI()).toBe(user.id);
    expect(await first.whoAmI()).toBeNull();
    // The portal tells the browser to drop a cookie that no longer opens a session.
    expect(first.lastSetCookies.find((c) => c.name === SESSION_COOKIE)?.attributes.expires).toBe(
      "Thu, 01 Jan 1970 00:00:00 GMT",
    );
    // Another browser of the same user is not affected.
    expect(await other.whoAmI()).toBe(user.id);
    expect(await sessions().countBy({ userId: user.id })).toBe(2);
  });

  it("answers the current user: null or 401 for a visitor, the account once signed in", async () => {
    const visitor = newAgent(t);
    expect((await visitor.graphql(`{ currentUser { id } }`)).data).toEqual({ currentUser: null });
    expect(await visitor.rest("GET", "/api/users/current")).toMatchObject({
      status: 401,
      body: { code: "UNAUTHENTICATED", message: "Vous n'êtes pas connecté." },
    });

    const { agent, user } = await actor(t, Role.ADMIN, { city: "Pau" });
    const response = await agent.rest("GET", "/api/users/current");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user!.id, email: user!.email, role: "ADMIN", city: "Pau" });
    expect(response.body).not.toHaveProperty("passwordHash");
  });

  it("signs out through GraphQL and REST: the session is deleted and the old cookie no longer works", async () => {
    const user = await account();
    for (const signOut of [
      async (agent: ReturnType<typeof newAgent>) =>
        expect((await agent.graphql(`mutation { logout }`)).data).toEqual({ logout: true }),
      async (agent: ReturnType<typeof newAgent>) =>
        expect((await agent.rest("GET", "/api/auth/logout")).status).toBe(204),
    ]) {
      const agent = newAgent(t);
      await agent.login(user.email, PASSWORD);
      const kept = agent.clone();
      await signOut(agent);
      expect(agent.session).toBeUndefined();
      expect(await sessions().countBy({ userId: user.id })).toBe(0);
      expect(await kept.whoAmI()).toBeNull();
      expect((await kept.rest("GET", "/api/users/current")).status).toBe(401);
    }
    // Signing out without a session is harmless.
    expect((await newAgent(t).rest("GET", "/api/auth/logout")).status).toBe(204);
  });

  it("signs no one out from a link on another site (GET /api/auth/logout started elsewhere)", async () => {
    const user = await account();
    const agent = newAgent(t);
    await agent.login(user.email, PASSWORD);
    for (const site of ["cross-site", "same-site"]) {
      expect(await agent.rest("GET", "/api/auth/logout", undefined, { "sec-fetch-site": site })).toMatchObject({
        status: 403,
        body: { code: "FORBIDDEN", message: "Requête refusée : origine non autorisée." },
      });
    }
    expect(await agent.whoAmI()).toBe(user.id);
    // From the portal's own pages, or typed in the address bar, it signs out.
    expect((await agent.rest("GET", "/api/auth/logout", undefined, { "sec-fetch-site": "none" })).status).toBe(204);
    expect(await agent.whoAmI()).toBeNull();
    await agent.login(user.email, PASSWORD);
    expect((await agent.rest("GET", "/api/auth/logout", undefined, { "sec-fetch-site": "same-origin" })).status).toBe(
      204,
    );
    expect(await agent.whoAmI()).toBeNull();
  });

  describe("refusals: always the same message, no cookie, no session", () => {
    const cases: Array<[string, () => Promise<{ email: string; password: string }>]> = [
      ["a wrong password", async () => ({ email: (await account()).email, password: "Wrong-2024" })],
      ["an unknown e-mail", async () => ({ email: "nobody@example.org", password: PASSWORD })],
      [
        "a partner request (LOCAL)",
        async () => ({ email: (await account({ status: UserStatus.LOCAL })).email, password: PASSWORD }),
      ],
      [
        "a PENDING account without password",
        async () => ({
          email: (await account({ status: UserStatus.PENDING, passwordHash: null })).email,
          password: PASSWORD,
        }),
      ],
      [
        "a PENDING account, even with a password",
        async () => ({ email: (await account({ status: UserStatus.PENDING })).email, password: PASSWORD }),
      ],
      [
        "a DELETED account",
        async () => ({ email: (await account({ status: UserStatus.DELETED })).email, password: PASSWORD }),
      ],
      [
        "an expired account",
        async () => ({ email: (await account({ expiration: "2024-01-31" })).email, password: PASSWORD }),
      ],
    ];

    it.each(cases)("refuses %s through GraphQL (UNAUTHENTICATED) and REST (401)", async (_name, credentials) => {
      const { email, password } = await credentials();
      const agent = newAgent(t);
      const graphql = await agent.graphql(LOGIN, { input: { email, password } });
      expect(graphql.data).toBeNull();
      expect(graphql.errors).toEqual([
        expect.objectContaining({ message: LOGIN_FAILED_MESSAGE, extensions: { code: "UNAUTHENTICATED" } }),
      ]);
      const rest = await agent.rest("POST", "/api/auth/login", { email, password });
      expect(rest).toMatchObject({ status: 401, body: { code: "UNAUTHENTICATED", message: LOGIN_FAILED_MESSAGE } });
      expect(agent.lastSetCookies).toEqual([]);
      expect(agent.session).toBeUndefined();
      expect(await sessions().count()).toBe(0);
    });
  });

  it("accepts the e-mail in any case and with spaces, and an account expiring today", async () => {
    const user = await account({ email: "camille.martin@example.org", expiration: todayInParis() });
    const agent = newAgent(t);
    await agent.login("  Camille.MARTIN@Example.org ", PASSWORD);
    expect(await agent.whoAmI()).toBe(user.id);
  });

  it("refuses bad input with a French message, before counting it as an attempt", async () => {
    const user = await account();
    const agent = newAgent(t);
    const missing = await agent.graphql(LOGIN, { input: { email: user.email } });
    expect(missing.errors?.[0]).toMatchObject({
      message: "Requête invalide : le champ « password » est requis.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    const wrongType = await agent.graphql(LOGIN, { input: { email: 42, password: PASSWORD } });
    expect(wrongType.errors?.[0].message).toBe("Requête invalide : le champ « email » attend du texte.");

    const rest = (body: unknown) => agent.rest("POST", "/api/auth/login", body);
    expect(await rest({ email: user.email })).toMatchObject({
      status: 400,
      body: { code: "BAD_USER_INPUT", message: "Requête invalide : le champ « password » est requis." },
    });
    expect(await rest({ email: "", password: PASSWORD })).toMatchObject({
      status: 400,
      body: { message: REQUIRED.email },
    });
    expect(await rest({ email: `${"a".repeat(250)}@example.org`, password: PASSWORD })).toMatchObject({
      status: 400,
      body: { message: "L'adresse e-mail n'est pas valide.", fields: { email: "L'adresse e-mail n'est pas valide." } },
    });
    expect(await rest({ email: user.email, password: "x".repeat(201) })).toMatchObject({
      status: 400,
      body: { message: "Le mot de passe est trop long." },
    });
    expect(await rest({ email: user.email, password: ["Secret-2024"] })).toMatchObject({ status: 400 });
    expect(await rest("{email:")).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT" } });
    expect(agent.session).toBeUndefined();
    expect(await sessions().count()).toBe(0);
    expect(await t.portal.dataSource.getRepository(ThrottleEntry).count()).toBe(0);
  });

  it("refuses a long but acceptable e-mail with the ordinary message, and still throttles it", async () => {
    // 243 characters: valid for the portal (254 at most), longer than the throttle table's keys.
    const long = (end: string) => `${"a".repeat(230)}${end}@example.org`;
    const attacked = await account({ email: long("x") });
    const neighbour = await account({ email: long("y") });
    const agent = newAgent(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await agent.rest("POST", "/api/auth/login", { email: attacked.email, password: "Wrong-2024" });
      expect(response).toMatchObject({ status: 401, body: { message: LOGIN_FAILED_MESSAGE } });
    }
    expect((await agent.rest("POST", "/api/auth/login", { email: attacked.email, password: PASSWORD })).status).toBe(
      429,
    );
    // An account whose address only differs at the end is counted apart.
    await agent.login(neighbour.email, PASSWORD);
    expect(await agent.whoAmI()).toBe(neighbour.id);
  });

  it("throttles an (account, address) pair after 5 failures, even with the right password", async () => {
    expect(LOGIN_LIMITS.pair.max).toBe(5);
    const user = await account();
    const neighbour = await account();
    const agent = newAgent(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const refused = await agent.rest("POST", "/api/auth/login", { email: user.email, password: `Wrong-${attempt}` });
      expect(refused).toMatchObject({ status: 401, body: { message: LOGIN_FAILED_MESSAGE } });
    }
    const throttled = await agent.rest("POST", "/api/auth/login", { email: user.email, password: PASSWORD });
    expect(throttled).toMatchObject({ status: 429, body: { code: "TOO_MANY_REQUESTS", message: THROTTLED_MESSAGE } });
    // It says when to try again: the pair's block, in seconds.
    const retryAfter = Number(throttled.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.pair.blockMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.pair.blockMs / 1000);
    const graphql = await agent.graphql(LOGIN, { input: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(graphql.errors?.[0]).toMatchObject({
      message: THROTTLED_MESSAGE,
      extensions: { code: "TOO_MANY_REQUESTS" },
    });
    expect(agent.session).toBeUndefined();
    expect(await sessions().countBy({ userId: user.id })).toBe(0);

    // Another account from the same address still signs in…
    const sameAddress = newAgent(t);
    await sameAddress.login(neighbour.email, PASSWORD);
    expect(await sameAddress.whoAmI()).toBe(neighbour.id);
    // …and so does the same account from another address (behind the trusted local proxy).
    const elsewhere = newAgent(t, { "x-forwarded-for": "203.0.113.7" });
    await elsewhere.login(user.email, PASSWORD);
    expect(await elsewhere.whoAmI()).toBe(user.id);
  });

  it("forgets a pair's failures after a successful sign-in", async () => {
    const user = await account();
    const agent = newAgent(t);
    const fail = () => agent.rest("POST", "/api/auth/login", { email: user.email, password: "Wrong-2024" });
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    await agent.login(user.email, PASSWORD);
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    await agent.login(user.email, PASSWORD);
    expect(await agent.whoAmI()).toBe(user.id);
  });

  it("ends a session when its user is deleted by an administrator", async () => {
    const { agent: admin } = await actor(t, Role.ADMIN);
    const { agent: partner, user } = await actor(t, Role.NEWS_PARTNER);
    const kept = partner.clone();
    expect(await partner.whoAmI()).toBe(user!.id);

    expect(await admin.rest("DELETE", `/api/users/delete/${user!.id}`)).toMatchObject({
      status: 200,
      body: { message: "Utilisateur supprimé." },
    });
    expect(await sessions().countBy({ userId: user!.id })).toBe(0);
    expect(await partner.whoAmI()).toBeNull();
    expect((await kept.rest("GET", "/api/users/current")).status).toBe(401);
    await expect(newAgent(t).login(user!.email, PASSWORD)).rejects.toThrow(LOGIN_FAILED_MESSAGE);
  });

  it("ends a session when its account has expired since sign-in", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    await t.portal.dataSource.query(`UPDATE users SET expiration = '2024-01-31' WHERE id = '${user!.id}'`);
    expect(await agent.whoAmI()).toBeNull();
    expect((await agent.rest("POST", "/api/contact", { object: "Objet", message: "Message" })).status).toBe(401);
  });

  it("looks a signed-in request's session up once, through GraphQL and REST", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const lookups = async (run: () => Promise<void>) =>
      (await recordStatements(t.portal.dataSource, run)).filter((s) => /\bsession\b/i.test(s.query)).length;
    // The anonymous rate limit asks whether the cookie opens a session, then the request uses it.
    expect(await lookups(async () => expect(await agent.whoAmI()).toBe(user!.id))).toBe(1);
    expect(await lookups(async () => expect((await agent.rest("GET", "/api/users/current")).status).toBe(200))).toBe(1);
  });

  it("reads neither the password hash nor the search text of a signed-in request's account", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const statements = await recordStatements(t.portal.dataSource, async () => {
      expect(await agent.whoAmI()).toBe(user!.id);
    });
    const lookup = statements.find((s) => /\bsession\b/i.test(s.query))!.query;
    // The lookup only asks whether a password is set.
    expect(lookup).not.toMatch(/passwordHash[`"]? AS|searchText/i);
    expect(lookup).toMatch(/passwordHash[`"]? IS NULL/i);
    // An account whose password has been removed since sign-in is signed out, as before.
    await t.portal.dataSource.query(`UPDATE users SET passwordHash = NULL WHERE id = '${user!.id}'`);
    expect(await agent.whoAmI()).toBeNull();
  });
});
