import { describe, expect, it } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { buildUser } from "../../../test/factories";
import { passwordLink, useMailbox } from "../../../test/mailbox";
import { useTestPortal } from "../../../test/portal";
import { LinkTokenService } from "../auth/link-token.service";
import { UserToken } from "../auth/user-token.entity";
import { Role, UserStatus } from "../reference/reference.data";
import { User } from "./user.entity";
import { EMAIL_TAKEN_MESSAGE } from "./user.service";

const CREATE = `mutation ($input: UserInput!) { createUser(input: $input) { id email name status role } }`;
const DELETE = `mutation ($id: ID!) { deleteUser(id: $id) }`;

const input = (fields: Record<string, unknown> = {}) => ({
  name: "Durand",
  surname: "Luc",
  email: "luc.durand@example.org",
  phone: "05 59 00 00 01",
  role: "FULL_PARTNER",
  networks: [],
  expiration: null,
  ...fields,
});

// A partner who left, or was deleted by mistake, may come back with the same address.
describe("a deleted account's e-mail address", () => {
  const mailbox = useMailbox();
  const t = useTestPortal(() => ({ SMTP_URL: mailbox.url }));
  const users = () => t.portal.dataSource.getRepository(User);
  const tokens = () => t.portal.dataSource.getRepository(UserToken);
  const admin = () => actor(t, Role.ADMIN);

  it("lets a deleted account's address come back: as a partner request, or created by an administrator", async () => {
    const { agent } = await admin();
    const ds = t.portal.dataSource;
    const gone = await buildUser(ds, { email: "ancienne@example.org", name: "Ancienne", role: Role.FULL_PARTNER });
    const kept = await buildUser(ds, { email: "gardee@example.org" });
    // An unused link e-mailed before the deletion opens nothing afterwards.
    await new LinkTokenService(ds, t.url).issue(gone.id, "RESET_PASSWORD");
    expect((await agent.graphql(DELETE, { id: gone.id })).errors).toBeUndefined();
    expect(await tokens().countBy({ userId: gone.id })).toBe(0);

    // The partner asks to join again: a request on the same record, with what they sent now.
    const request = {
      email: "Ancienne@Example.org",
      name: "Nouvelle",
      surname: "Partenaire",
      justify: "Je reprends la crèche.",
      phone: "05 59 00 00 09",
      fullAddress: "",
      role: "NEWS_PARTNER",
    };
    expect(await newAgent(t).rest("POST", "/api/users/join", request)).toMatchObject({ status: 201 });
    const back = await users().findOneByOrFail({ email: "ancienne@example.org" });
    expect(back).toMatchObject({
      id: gone.id,
      name: "Nouvelle",
      role: Role.NEWS_PARTNER,
      status: UserStatus.LOCAL,
      passwordHash: null,
      justify: "Je reprends la crèche.",
    });
    // A request already there keeps its address taken.
    expect(await newAgent(t).rest("POST", "/api/users/join", request)).toMatchObject({
      status: 409,
      body: { message: EMAIL_TAKEN_MESSAGE },
    });

    // Deleted again, an administrator creates it: PENDING, and its link.
    expect((await agent.graphql(DELETE, { id: gone.id })).errors).toBeUndefined();
    const created = await agent.graphql(CREATE, { input: input({ email: "ancienne@example.org", name: "Reprise" }) });
    expect(created.errors).toBeUndefined();
    expect(created.data.createUser).toMatchObject({ id: gone.id, name: "Reprise", status: "PENDING" });
    expect(passwordLink(await mailbox.waitFor((mail) => mail.to.includes("ancienne@example.org"))).userId).toBe(
      gone.id,
    );
    expect(await users().countBy({ email: "ancienne@example.org" })).toBe(1);

    // Another account cannot take a deleted account's address: it is still that record's.
    expect((await agent.graphql(DELETE, { id: gone.id })).errors).toBeUndefined();
    expect(
      await agent.rest("PUT", "/api/users/update", { id: kept.id, ...input({ email: "ancienne@example.org" }) }),
    ).toMatchObject({ status: 409, body: { message: EMAIL_TAKEN_MESSAGE } });
    expect((await users().findOneByOrFail({ id: kept.id })).email).toBe("gardee@example.org");
  });
});
