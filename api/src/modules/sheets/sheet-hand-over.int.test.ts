import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { buildSheet, buildUser } from "../../../test/factories";
import { useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { SHEETS_RECIPIENT_REFUSED } from "../../policies/sheet.policy";
import { Role, UserStatus } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { Sheet } from "./sheet.entity";

const DELETE = `mutation ($id: ID!, $to: ID) { deleteUser(id: $id, handSheetsTo: $to) }`;
const PREVIEW = `query ($id: ID!) { sheetHandOver(userId: $id) {
  alone { id serviceName } shared { id serviceName } recipients { id name surname email } } }`;
const OWNED = `query ($id: ID!) { servicesOfOwner(userId: $id) { id serviceName } }`;
const HISTORY = `query ($id: ID!) { history(itemType: SERVICE, id: $id) { action fields actorId } }`;
const CONTACT = "contact@portail.test";

describe("deleting an account that owns service sheets", () => {
  const mailbox = useMailbox();
  const t = useTestPortal(() => ({ SMTP_URL: mailbox.url, CONTACT_EMAIL: CONTACT, JOB_CHECK_SECONDS: "3600" }));
  const ds = () => t.portal.dataSource;
  const partner = (fields: Partial<User> = {}) =>
    buildUser(ds(), { role: Role.FULL_PARTNER, status: UserStatus.CONFIRMED, ...fields });
  const members = async (id: string) => (await ds().getRepository(Sheet).findOneByOrFail({ id })).userIds;
  const status = async (id: string) => (await ds().getRepository(User).findOneByOrFail({ id })).status;

  /** A partner with two sheets of their own and one shared with a colleague (its first member). */
  async function leavingPartner() {
    const leaving = await partner({ name: "Martin", surname: "Léa", email: "lea@asso.test" });
    const colleague = await partner({ email: "colleague@asso.test" });
    const crèche = await buildSheet(ds(), { userIds: [leaving.id], serviceName: "Crèche Les Lutins" });
    const ludothèque = await buildSheet(ds(), { userIds: [leaving.id], serviceName: "Ludothèque" });
    const relais = await buildSheet(ds(), { userIds: [leaving.id, colleague.id], serviceName: "Relais partagé" });
    return { leaving, colleague, crèche, ludothèque, relais };
  }

  it("names the sheets an administrator is about to hand over, and who may take them", async () => {
    const { agent } = await actor(t, Role.ADMIN, { name: "Admin", surname: "Anne" });
    const { leaving, colleague, crèche, ludothèque, relais } = await leavingPartner();
    const taker = await partner({ name: "Durand", surname: "Paul", email: "paul@asso.test" });
    // Not listed: a content creator, a request, a deleted account, an expired one.
    await buildUser(ds(), { role: Role.NEWS_PARTNER, surname: "Zoé" });
    await partner({ status: UserStatus.LOCAL });
    await partner({ status: UserStatus.DELETED });
    await partner({ expiration: "2020-01-01" });

    const { data, errors } = await agent.graphql(PREVIEW, { id: leaving.id });
    expect(errors).toBeUndefined();
    expect(data.sheetHandOver.alone).toEqual([
      { id: crèche.id, serviceName: "Crèche Les Lutins" },
      { id: ludothèque.id, serviceName: "Ludothèque" },
    ]);
    expect(data.sheetHandOver.shared).toEqual([{ id: relais.id, serviceName: "Relais partagé" }]);
    const recipients = data.sheetHandOver.recipients as Array<{ id: string; email: string }>;
    expect(recipients.map((user) => user.id).sort()).toEqual(
      [colleague.id, taker.id, (await ds().getRepository(User).findOneByOrFail({ name: "Admin" })).id].sort(),
    );
    expect(recipients.map((user) => user.id)).not.toContain(leaving.id);

    // Partners and visitors learn nothing of it.
    for (const who of ["visitor", Role.FULL_PARTNER] as const) {
      const { agent: other } = await actor(t, who);
      const refused = await other.graphql(PREVIEW, { id: leaving.id });
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0].extensions?.code).toBe(who === "visitor" ? "UNAUTHENTICATED" : "FORBIDDEN");
    }
  });

  it("hands the sheets owned alone to the partner chosen; a shared one loses the account; each is in the history", async () => {
    const { agent, user: admin } = await actor(t, Role.ADMIN);
    const { leaving, colleague, crèche, ludothèque, relais } = await leavingPartner();
    const taker = await partner({ email: "paul@asso.test" });

    const { data, errors } = await agent.graphql(DELETE, { id: leaving.id, to: taker.id });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ deleteUser: true });
    expect(await status(leaving.id)).toBe(UserStatus.DELETED);
    expect(await members(crèche.id)).toEqual([taker.id]);
    expect(await members(ludothèque.id)).toEqual([taker.id]);
    expect(await members(relais.id)).toEqual([colleague.id]);

    // « Mes services » follow (the owner facet rows changed with the sheets).
    const owned = async (id: string) =>
      ((await agent.graphql(OWNED, { id })).data.servicesOfOwner as Array<{ id: string }>).map((s) => s.id);
    expect((await owned(taker.id)).sort()).toEqual([crèche.id, ludothèque.id].sort());
    expect(await owned(colleague.id)).toEqual([relais.id]);
    expect(await owned(leaving.id)).toEqual([]);

    for (const sheet of [crèche, ludothèque, relais]) {
      const history = (await agent.graphql(HISTORY, { id: sheet.id })).data.history;
      expect(history[0]).toEqual({ action: "UPDATE", fields: ["userIds"], actorId: admin!.id });
    }
  });

  it("hands them to the administrators when none is named (GraphQL and the legacy REST call), who get their reminders", async () => {
    const { agent } = await actor(t, Role.ADMIN, { email: "admin@portail.test" });
    const first = await leavingPartner();
    const second = await partner({ email: "second@asso.test" });
    const secondSheet = await buildSheet(ds(), { userIds: [second.id], serviceName: "Halte-garderie" });

    expect((await agent.graphql(DELETE, { id: first.leaving.id })).data).toEqual({ deleteUser: true });
    expect(await agent.rest("DELETE", `/api/users/delete/${second.id}`)).toMatchObject({ status: 200 });
    expect(await members(first.crèche.id)).toEqual([]);
    expect(await members(first.ludothèque.id)).toEqual([]);
    expect(await members(first.relais.id)).toEqual([first.colleague.id]);
    expect(await members(secondSheet.id)).toEqual([]);

    // Seven months on: the administrators (accounts and the contact address) are reminded of
    // the sheets that are theirs now, in one e-mail; the colleague of the shared one.
    const now = DateTime.now().plus({ months: 7 }).toJSDate();
    expect(await t.portal.services.freshness.sendReminders(now)).toEqual({ owners: 2, sheets: 4 });
    const toAdmins = mailbox.messages.find((mail) => mail.to.includes(CONTACT))!;
    expect(toAdmins.to.sort()).toEqual(["admin@portail.test", CONTACT].sort());
    expect(toAdmins.subject).toContain("fiches des administrateurs à vérifier");
    expect(toAdmins.text).toMatch(/^Bonjour,/);
    for (const name of ["Crèche Les Lutins", "Ludothèque", "Halte-garderie"])
      expect(toAdmins.text).toContain(`« ${name} »`);
    expect(toAdmins.text).not.toContain("Relais partagé");
    expect(toAdmins.links.filter((link) => link.endsWith("/fiches-a-verifier"))).toHaveLength(1);
    expect(
      mailbox
        .to("colleague@asso.test")
        .map((mail) => mail.text)
        .join(),
    ).toContain("« Relais partagé »");
    expect(mailbox.to("lea@asso.test")).toEqual([]);
  });

  it("refuses a recipient who may not hold sheets, with a French message, and changes nothing", async () => {
    const { agent } = await actor(t, Role.ADMIN);
    const { leaving, crèche } = await leavingPartner();
    const writer = await buildUser(ds(), { role: Role.NEWS_PARTNER });
    const expired = await partner({ expiration: "2020-01-01" });
    const gone = await partner({ status: UserStatus.DELETED });
    for (const to of [writer.id, expired.id, gone.id, leaving.id]) {
      const { data, errors } = await agent.graphql(DELETE, { id: leaving.id, to });
      expect(data, to).toBeNull();
      expect(errors?.[0]).toMatchObject({
        message: SHEETS_RECIPIENT_REFUSED,
        extensions: { code: "BAD_USER_INPUT" },
      });
    }
    const unknown = await agent.graphql(DELETE, { id: leaving.id, to: "2b1e4b0c-0000-4000-8000-000000000000" });
    expect(unknown.errors?.[0]).toMatchObject({
      message: "Le compte qui doit reprendre les fiches est introuvable.",
      extensions: { code: "NOT_FOUND" },
    });
    expect(await status(leaving.id)).toBe(UserStatus.CONFIRMED);
    expect(await members(crèche.id)).toEqual([leaving.id]);

    // A partner may not delete, let alone hand sheets over.
    const { agent: other } = await actor(t, Role.FULL_PARTNER);
    expect((await other.graphql(DELETE, { id: leaving.id, to: writer.id })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect(await newAgent(t).graphql(DELETE, { id: leaving.id })).toMatchObject({ data: null });
  });
});
