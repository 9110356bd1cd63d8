import { IsNull } from "typeorm";
import { describe, expect, it } from "vitest";
import { actor, buildAccount, newAgent, PASSWORD } from "../../../test/agent";
import { buildUser } from "../../../test/factories";
import { type CapturedMail, passwordLink, useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { WEAK_PASSWORD_MESSAGE } from "../../shared/form-rules";
import { Role, UserStatus } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { INVALID_LINK_MESSAGE } from "./link-token.service";
import { EMAIL_NOT_FOUND_MESSAGE, RESET_LIMITS } from "./password.service";
import { Session } from "./session.entity";
import { UserToken } from "./user-token.entity";

const STORE = `mutation ($input: StorePasswordInput!) { storePassword(input: $input) }`;
const RESET = `mutation ($email: String!) { requestPasswordReset(email: $email) }`;
const RESET_SENT = "Un email vous a été envoyé pour réinitialiser votre mot de passe";
const THROTTLED = "Trop de demandes : veuillez réessayer dans une heure.";
const NEW_PASSWORD = "Nouveau-2025";

describe("passwords: set from a link, forgotten password", () => {
  const mailbox = useMailbox();
  const t = useTestPortal(() => ({ SMTP_URL: mailbox.url }));
  const users = () => t.portal.dataSource.getRepository(User);
  const tokens = () => t.portal.dataSource.getRepository(UserToken);

  /** Asks for a reset through REST and answers the e-mailed link. */
  async function resetLink(email: string, headers?: Record<string, string>) {
    const count = mailbox.messages.length;
    const response = await newAgent(t, headers).rest("POST", "/api/users/reset-password", { email });
    expect(response).toMatchObject({ status: 200, body: { message: RESET_SENT } });
    const mail: CapturedMail = await mailbox.waitFor((m) => mailbox.messages.indexOf(m) >= count);
    expect(mail.to).toEqual([email.trim().toLowerCase()]);
    return passwordLink(mail);
  }

  const store = (input: Record<string, unknown>) => newAgent(t).graphql(STORE, { input });
  const canSignIn = async (email: string, password: string) =>
    (await newAgent(t).rest("POST", "/api/auth/login", { email, password })).status === 200;

  it("refuses a weak password, changing nothing and keeping the link usable", async () => {
    const user = await buildUser(t.portal.dataSource, { status: UserStatus.PENDING });
    const link = await resetLink(user.email);
    for (const weak of ["Ab1", "Abc12", "abcdefgh", "ABCDEFGH", "12345678", "!!!!!!!!", ""]) {
      const graphql = await store({ ...link, password: weak });
      expect(graphql.errors?.[0]).toMatchObject({
        message: WEAK_PASSWORD_MESSAGE,
        extensions: { code: "BAD_USER_INPUT", fields: { password: WEAK_PASSWORD_MESSAGE } },
      });
    }
    const rest = await newAgent(t).rest("POST", "/api/users/store-password", { ...link, password: "motdepasse" });
    expect(rest).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", message: WEAK_PASSWORD_MESSAGE } });
    expect(await users().findOneByOrFail({ id: user.id })).toMatchObject({
      status: UserStatus.PENDING,
      passwordHash: null,
    });
    expect(await tokens().findOneByOrFail({ userId: user.id })).toMatchObject({ usedAt: null });

    // Two classes out of three are enough.
    expect((await store({ ...link, password: "motdepasse7" })).data).toEqual({ storePassword: true });
    expect(await canSignIn(user.email, "motdepasse7")).toBe(true);
  });

  it("uses a link once only", async () => {
    const user = await buildAccount(t.portal.dataSource);
    const link = await resetLink(user.email);
    expect((await store({ ...link, password: NEW_PASSWORD })).errors).toBeUndefined();
    const again = await newAgent(t).rest("POST", "/api/users/store-password", { ...link, password: "Troisieme-3" });
    expect(again).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT", message: INVALID_LINK_MESSAGE } });
    expect(await canSignIn(user.email, "Troisieme-3")).toBe(false);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it("uses a link once only when it is sent several times at the same moment", async () => {
    const user = await buildAccount(t.portal.dataSource);
    const link = await resetLink(user.email);
    const passwords = Array.from({ length: 6 }, (_, index) => `Essai-${index}-2026`);
    const answers = await Promise.all(
      passwords.map((password) => newAgent(t).rest("POST", "/api/users/store-password", { ...link, password })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((answer) => answer.status === 400))
      expect(answer.body).toMatchObject({ code: "BAD_USER_INPUT", message: INVALID_LINK_MESSAGE });
    // The password kept is the one of the request that was answered 200.
    const accepted = passwords[answers.findIndex((answer) => answer.status === 200)];
    for (const password of passwords) expect(await canSignIn(user.email, password)).toBe(password === accepted);
  });

  it("tells whether a link still opens the form, without using it up (passwordLinkValid)", async () => {
    const VALID = `query ($userId: ID!, $token: String!) { passwordLinkValid(userId: $userId, token: $token) }`;
    const valid = async (link: { userId: string; token: string }) => {
      const { data, errors } = await newAgent(t).graphql(VALID, link);
      expect(errors).toBeUndefined();
      return data.passwordLinkValid as boolean;
    };
    const user = await buildAccount(t.portal.dataSource);
    const other = await buildAccount(t.portal.dataSource);
    const link = await resetLink(user.email);
    expect(await valid(link)).toBe(true);
    expect(await valid(link)).toBe(true);
    expect(await valid({ ...link, userId: other.id })).toBe(false);
    expect(await valid({ ...link, token: `${link.token}x` })).toBe(false);
    expect(await valid({ userId: "x", token: "y" })).toBe(false);
    expect(await valid({ userId: link.userId, token: "y".repeat(500) })).toBe(false);
    // Asking used nothing up: the link still sets the password, and then opens nothing.
    expect((await store({ ...link, password: NEW_PASSWORD })).errors).toBeUndefined();
    expect(await valid(link)).toBe(false);
    const expired = await resetLink(user.email);
    await tokens().update({ userId: user.id, usedAt: IsNull() }, { expiresAt: new Date(Date.now() - 60_000) });
    expect(await valid(expired)).toBe(false);
  });

  it("refuses an older link once a newer one was sent", async () => {
    const user = await buildAccount(t.portal.dataSource);
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect(newer.token).not.toBe(older.token);
    expect((await store({ ...older, password: NEW_PASSWORD })).errors?.[0]).toMatchObject({
      message: INVALID_LINK_MESSAGE,
    });
    expect(await canSignIn(user.email, PASSWORD)).toBe(true);
    expect((await store({ ...newer, password: NEW_PASSWORD })).errors).toBeUndefined();
  });

  it("refuses an expired link", async () => {
    const user = await buildAccount(t.portal.dataSource);
    const link = await resetLink(user.email);
    await tokens().update({ userId: user.id }, { expiresAt: new Date(Date.now() - 60_000) });
    expect((await store({ ...link, password: NEW_PASSWORD })).errors?.[0]).toMatchObject({
      message: INVALID_LINK_MESSAGE,
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await canSignIn(user.email, PASSWORD)).toBe(true);
  });

  it("refuses a link used for another account, forged, malformed or oversized", async () => {
    const user = await buildAccount(t.portal.dataSource);
    const other = await buildAccount(t.portal.dataSource);
    const link = await resetLink(user.email);
    const body = { ...link, password: NEW_PASSWORD };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...body, userId: other.id }, 400, INVALID_LINK_MESSAGE],
      [{ ...body, token: "A".repeat(43) }, 400, INVALID_LINK_MESSAGE],
      [{ ...body, token: "t".repeat(101) }, 400, "Jeton invalide."],
      [{ ...body, userId: "u".repeat(37) }, 400, "Identifiant invalide."],
      [{ ...body, password: `Aa1${"x".repeat(198)}` }, 400, "Le mot de passe est trop long."],
      [{ ...body, token: undefined }, 400, "Requête invalide : le champ « token » est requis."],
      [{ ...body, password: undefined }, 400, "Requête invalide : le champ « password » est requis."],
      [{ ...body, password: 123456789 }, 400, "Requête invalide : le champ « password » attend du texte."],
    ];
    for (const [body, status, message] of cases) {
      const response = await newAgent(t).rest("POST", "/api/users/store-password", body);
      expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    }
    expect(await canSignIn(user.email, PASSWORD)).toBe(true);
    expect(await canSignIn(other.email, PASSWORD)).toBe(true);
    // The genuine link still works after all this.
    expect((await store({ ...link, password: NEW_PASSWORD })).errors).toBeUndefined();
  });

  it("refuses a link of an account deleted since it was sent", async () => {
    const { agent: admin } = await actor(t, Role.ADMIN);
    const user = await buildUser(t.portal.dataSource, { status: UserStatus.LOCAL, city: "Pau" });
    await admin.rest("POST", `/api/users/accept/${user.id}`);
    const link = passwordLink(await mailbox.waitFor());
    await admin.rest("DELETE", `/api/users/delete/${user.id}`);
    // The deletion revoked it: it opens nothing, now or should the address come back.
    expect((await store({ ...link, password: NEW_PASSWORD })).errors?.[0]).toMatchObject({
      message: INVALID_LINK_MESSAGE,
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await users().findOneByOrFail({ id: user.id })).toMatchObject({
      status: UserStatus.DELETED,
      passwordHash: null,
    });
  });

  it("answers NOT_FOUND / 404 'Adresse email introuvable' for an address without a usable account", async () => {
    const local = await buildUser(t.portal.dataSource, { status: UserStatus.LOCAL });
    const deleted = await buildAccount(t.portal.dataSource, { status: UserStatus.DELETED });
    for (const email of ["nobody@example.org", local.email, deleted.email]) {
      expect(await newAgent(t).rest("POST", "/api/users/reset-password", { email })).toMatchObject({
        status: 404,
        body: { code: "NOT_FOUND", message: EMAIL_NOT_FOUND_MESSAGE },
      });
    }
    const graphql = await newAgent(t).graphql(RESET, { email: "nobody@example.org" });
    expect(graphql.errors?.[0]).toMatchObject({ message: EMAIL_NOT_FOUND_MESSAGE, extensions: { code: "NOT_FOUND" } });
    expect(await tokens().count()).toBe(0);
    expect(mailbox.messages).toEqual([]);
  });

  it("refuses a malformed or missing address with 400 and a French message", async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: "pas-une-adresse" }, "L'adresse e-mail n'est pas valide."],
      [{ email: `${"a".repeat(250)}@example.org` }, "L'adresse e-mail n'est pas valide."],
      [{}, "Requête invalide : le paramètre « email » est requis."],
      [{ email: ["a@example.org"] }, "Requête invalide : un paramètre est manquant ou mal formé."],
    ];
    for (const [body, message] of cases) {
      expect(await newAgent(t).rest("POST", "/api/users/reset-password", body)).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message },
      });
    }
    expect(mailbox.messages).toEqual([]);
  });

  it("sends a working reset link that signs the account out everywhere", async () => {
    const user = await buildAccount(t.portal.dataSource, { email: "marie@example.org" });
    const phone = newAgent(t);
    const laptop = newAgent(t);
    await phone.login(user.email, PASSWORD, true);
    await laptop.login(user.email, PASSWORD);

    const link = await resetLink(" Marie@Example.org ");
    const mail = mailbox.messages.at(-1)!;
    expect(mail.subject).toBe("Portail parentalité : réinitialisation de votre mot de passe");
    expect(mail.text).toContain("Vous avez demandé à réinitialiser votre mot de passe.");
    expect(mail.html).toContain("/changement-mot-de-passe/");
    // Asking is not enough to sign anyone out.
    expect(await phone.whoAmI()).toBe(user.id);

    expect(
      await newAgent(t).rest("POST", "/api/users/store-password", { ...link, password: NEW_PASSWORD }),
    ).toMatchObject({
      status: 200,
    });
    expect(await t.portal.dataSource.getRepository(Session).countBy({ userId: user.id })).toBe(0);
    expect(await phone.whoAmI()).toBeNull();
    expect(await laptop.whoAmI()).toBeNull();
    expect(await canSignIn(user.email, PASSWORD)).toBe(false);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it("lets a PENDING account ask again for its link, and confirms it", async () => {
    const user = await buildUser(t.portal.dataSource, { status: UserStatus.PENDING });
    const link = await resetLink(user.email);
    expect((await store({ ...link, password: NEW_PASSWORD })).errors).toBeUndefined();
    expect((await users().findOneByOrFail({ id: user.id })).status).toBe(UserStatus.CONFIRMED);
  });

  it("throttles resets: the 4th request for one account within the hour is refused", async () => {
    expect(RESET_LIMITS.account.max).toBe(3);
    const user = await buildAccount(t.portal.dataSource);
    const neighbour = await buildAccount(t.portal.dataSource);
    for (let i = 0; i < 3; i++) await resetLink(user.email);
    expect(mailbox.to(user.email)).toHaveLength(3);

    const throttled = await newAgent(t).rest("POST", "/api/users/reset-password", { email: user.email });
    expect(throttled).toMatchObject({ status: 429, body: { code: "TOO_MANY_REQUESTS", message: THROTTLED } });
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(RESET_LIMITS.account.blockMs / 1000 - 60);
    expect(Number(throttled.headers.get("retry-after"))).toBeLessThanOrEqual(RESET_LIMITS.account.blockMs / 1000);
    // Whatever the address it comes from, and through GraphQL too.
    const elsewhere = await newAgent(t, { "x-forwarded-for": "198.51.100.4" }).graphql(RESET, {
      email: user.email.toUpperCase(),
    });
    expect(elsewhere.errors?.[0]).toMatchObject({ message: THROTTLED, extensions: { code: "TOO_MANY_REQUESTS" } });
    expect(mailbox.to(user.email)).toHaveLength(3);
    // The last link sent still works.
    expect(await tokens().countBy({ userId: user.id })).toBe(1);

    // Another account from the same address is not blocked.
    await resetLink(neighbour.email);
  });

  it("throttles an address asking for many accounts, known or not", async () => {
    expect(RESET_LIMITS.ip.max).toBe(10);
    const user = await buildAccount(t.portal.dataSource);
    const from = { "x-forwarded-for": "192.0.2.10" };
    for (let i = 0; i < 10; i++) {
      const response = await newAgent(t, from).rest("POST", "/api/users/reset-password", {
        email: `unknown${i}@example.org`,
      });
      expect(response.status).toBe(404);
    }
    expect((await newAgent(t, from).rest("POST", "/api/users/reset-password", { email: user.email })).status).toBe(429);
    expect(mailbox.messages).toEqual([]);
    await resetLink(user.email, { "x-forwarded-for": "192.0.2.11" });
  });
});
