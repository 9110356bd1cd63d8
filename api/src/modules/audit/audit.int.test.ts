import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { actor, buildAccount } from "../../../test/agent";
import { CREATE_MEDIA, mediaInput, UPDATE_MEDIA } from "../../../test/media";
import { useTestPortal } from "../../../test/portal";
import { Role, UserStatus } from "../reference/reference.data";
import { User } from "../users/user.entity";
import { AuditAction, AuditEntry, AuditItemType } from "./audit-entry.entity";

const HISTORY = `query ($itemType: AuditItemType!, $id: ID!) {
  history(itemType: $itemType, id: $id) { action fields actorId actorName itemLabel at } }`;
const BY_ACTOR = `query ($actorId: ID!, $page: Int, $pageSize: Int) {
  auditEntries(actorId: $actorId, page: $page, pageSize: $pageSize) { total entries { itemType action itemLabel } } }`;

const serviceInput = {
  serviceName: "Crèche Les Lutins",
  serviceManager: "Mme Laborde",
  email: "lutins@example.org",
  phone: "05 59 11 22 33",
  fullAddress: "12 Rue des Cordeliers 64000 Pau",
  city: "Pau",
  zip: "64000",
  types: ["CRECHE"],
  ages: ["PETITE_ENFANCE"],
};

describe("audit trail: who wrote what, and when", () => {
  const t = useTestPortal();

  it("shows an article's creation and two edits with the fields they changed, to administrators only", async () => {
    const partner = await actor(t, Role.NEWS_PARTNER);
    const created = await partner.agent.graphql(CREATE_MEDIA, { input: mediaInput({ title: "Atelier conte" }) });
    const id = created.data.createMedia.id as string;
    const edited = await partner.agent.graphql(UPDATE_MEDIA, {
      id,
      input: mediaInput({ title: "Atelier conte et comptines" }),
    });
    expect(edited.errors).toBeUndefined();
    const admin = await actor(t, Role.ADMIN);
    await admin.agent.graphql(UPDATE_MEDIA, {
      id,
      input: mediaInput({ title: "Atelier conte et comptines", ages: ["ENFANCE"], city: ["Pau"] }),
    });

    const { data, errors } = await admin.agent.graphql(HISTORY, { itemType: "MEDIA", id });
    expect(errors).toBeUndefined();
    const history = data.history as Array<{ action: string; fields: string[]; actorId: string; actorName: string }>;
    expect(history.map((entry) => entry.action)).toEqual(["UPDATE", "UPDATE", "CREATE"]);
    expect(history[0]).toMatchObject({
      actorId: admin.user!.id,
      actorName: `${admin.user!.surname} ${admin.user!.name}`,
      fields: ["ages", "city"],
    });
    expect(history[1]).toMatchObject({ actorId: partner.user!.id, fields: ["title"] });
    expect(history[2].fields).toEqual(expect.arrayContaining(["title", "article", "categories", "ages", "thematics"]));
    expect(history[2].fields).not.toContain("eventFrom");

    // Partners and visitors may not read it.
    const refused = await partner.agent.graphql(HISTORY, { itemType: "MEDIA", id });
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const visitor = await t.graphql(HISTORY, { itemType: "MEDIA", id });
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("keeps a deleted service sheet's history, and a partner request made by a visitor", async () => {
    const admin = await actor(t, Role.ADMIN);
    const owner = await buildAccount(t.portal.dataSource, { role: Role.FULL_PARTNER, status: UserStatus.PENDING });
    const created = await admin.agent.graphql(
      `mutation ($ownerId: ID!, $input: ServiceInput!) { createService(ownerId: $ownerId, input: $input) { id } }`,
      { ownerId: owner.id, input: serviceInput },
    );
    const id = created.data.createService.id as string;
    await admin.agent.graphql(`mutation ($id: ID!) { deleteService(id: $id) }`, { id });
    const { data } = await admin.agent.graphql(HISTORY, { itemType: "SERVICE", id });
    expect(data.history.map((entry: { action: string }) => entry.action)).toEqual(["DELETE", "CREATE"]);
    expect(data.history[0]).toMatchObject({ itemLabel: "Crèche Les Lutins", fields: [] });

    const joined = await t.rest("POST", "/api/users/join", {
      email: "nouvelle.structure@example.org",
      name: "Etchart",
      surname: "Maite",
      justify: "Nous ouvrons un relais petite enfance.",
      phone: "05 59 00 11 22",
      fullAddress: "",
      role: "FULL_PARTNER",
    });
    expect(joined.status).toBe(201);
    const requester = await t.portal.dataSource
      .getRepository(User)
      .findOneByOrFail({ email: "nouvelle.structure@example.org" });
    const request = await admin.agent.graphql(HISTORY, { itemType: "USER", id: requester.id });
    expect(request.data.history).toEqual([
      expect.objectContaining({ action: "CREATE", actorId: null, actorName: "Visiteur", itemLabel: "Maite Etchart" }),
    ]);
  });

  it("lists what one account wrote, for the user management page, a page at a time", async () => {
    const admin = await actor(t, Role.ADMIN);
    const created = await admin.agent.graphql(`mutation ($input: UserInput!) { createUser(input: $input) { id } }`, {
      input: {
        name: "Durand",
        surname: "Luc",
        email: "luc.durand@example.org",
        phone: "05 59 00 00 01",
        role: "NEWS_PARTNER",
        networks: [],
      },
    });
    const userId = created.data.createUser.id as string;
    await admin.agent.graphql(`mutation ($id: ID!, $input: UserInput!) { updateUser(id: $id, input: $input) { id } }`, {
      id: userId,
      input: {
        name: "Durand",
        surname: "Luc",
        email: "luc.durand@example.org",
        phone: "05 59 00 00 02",
        role: "NEWS_PARTNER",
        networks: [],
      },
    });
    await admin.agent.graphql(CREATE_MEDIA, { input: mediaInput({ title: "Note de l'équipe" }) });

    const all = await admin.agent.graphql(BY_ACTOR, { actorId: admin.user!.id });
    expect(all.data.auditEntries.total).toBe(3);
    expect(all.data.auditEntries.entries).toEqual([
      { itemType: "MEDIA", action: "CREATE", itemLabel: "Note de l'équipe" },
      { itemType: "USER", action: "UPDATE", itemLabel: "Luc Durand" },
      { itemType: "USER", action: "CREATE", itemLabel: "Luc Durand" },
    ]);
    const user = await admin.agent.graphql(HISTORY, { itemType: "USER", id: userId });
    expect(user.data.history[0].fields).toEqual(["phone"]);
    const second = await admin.agent.graphql(BY_ACTOR, { actorId: admin.user!.id, page: 1, pageSize: 2 });
    expect(second.data.auditEntries.entries).toHaveLength(1);
    const wrong = await admin.agent.graphql(BY_ACTOR, { actorId: admin.user!.id, pageSize: 500 });
    expect(wrong.errors?.[0]).toMatchObject({
      message: "La taille de page doit être comprise entre 1 et 100.",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("keeps entries one year", async () => {
    const entries = t.portal.dataSource.getRepository(AuditEntry);
    const entry = (daysAgo: number) => ({
      id: randomUUID(),
      at: new Date(Date.now() - daysAgo * 86_400_000),
      actorId: null,
      actorName: "Visiteur",
      itemType: AuditItemType.USER,
      itemId: randomUUID(),
      itemLabel: "Ancien compte",
      action: AuditAction.CREATE,
      fields: [],
    });
    const [old, recent] = [entry(400), entry(300)];
    await entries.insert([old, recent]);
    expect(await t.portal.services.audit.purge()).toBe(1);
    expect(await entries.existsBy({ id: old.id })).toBe(false);
    expect(await entries.existsBy({ id: recent.id })).toBe(true);
  });
});
