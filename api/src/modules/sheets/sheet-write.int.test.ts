import { describe, expect, it } from "vitest";
import { actor, buildAccount, newAgent } from "../../../test/agent";
import { Age, buildSheet, Role, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { UserStatus } from "../reference/reference.data";
import { Sheet } from "./sheet.entity";
import { CONTENT_CREATOR_REFUSED, OWNER_REFUSED } from "../../policies/sheet.policy";

const CREATE = `mutation ($ownerId: ID!, $input: ServiceInput!) {
  createService(ownerId: $ownerId, input: $input) { id serviceName userIds city zip epci fullAddress location { lat lon } types ages mobile owner { surname } viewerCan { update delete } } }`;
const UPDATE = `mutation ($id: ID!, $input: ServiceInput!) { updateService(id: $id, input: $input) { id serviceName mobile coveredLocations } }`;
const DELETE = `mutation ($id: ID!) { deleteService(id: $id) }`;
const OWNED = `query ($userId: ID!) { servicesOfOwner(userId: $userId) { id serviceName } }`;

const input = (fields: Record<string, unknown> = {}) => ({
  serviceName: "Crèche Les Lutins",
  serviceManager: "Mme Laborde",
  email: "lutins@example.org",
  phone: "05 59 11 22 33",
  mobile: "06 11 22 33 44",
  website: "https://lutins.example.org",
  externalLink: null,
  fullAddress: "12 Rue des Cordeliers 64000 Pau",
  city: "Pau",
  zip: "64000",
  types: ["CRECHE"],
  ages: ["PETITE_ENFANCE"],
  coveredLocations: ["CC Pays de Nay"],
  description: JSON.stringify({ ops: [{ insert: "Accueil des 0-3 ans\n" }] }),
  ...fields,
});

describe("service sheets: who may create, edit and delete", () => {
  const t = useTestPortal();
  const count = () => t.portal.dataSource.getRepository(Sheet).count();

  it("lets an admin create a sheet for a professional partner, with the town's EPCI and position", async () => {
    const { agent } = await actor(t, Role.ADMIN);
    const owner = await buildAccount(t.portal.dataSource, {
      role: Role.FULL_PARTNER,
      status: UserStatus.PENDING,
      surname: "Irène",
    });
    const { data, errors } = await agent.graphql(CREATE, { ownerId: owner.id, input: input() });
    expect(errors).toBeUndefined();
    expect(data.createService).toMatchObject({
      serviceName: "Crèche Les Lutins",
      userIds: [owner.id],
      city: "Pau",
      epci: "CA Pau Béarn Pyrénées",
      types: ["CRECHE"],
      owner: { surname: "Irène" },
      viewerCan: { update: true, delete: true },
    });
    expect(data.createService.location).not.toBeNull();
  });

  it("completes an address typed without its town (the address service down) with the sheet's postcode and town", async () => {
    const { agent } = await actor(t, Role.ADMIN);
    const owner = await buildAccount(t.portal.dataSource, { role: Role.FULL_PARTNER, status: UserStatus.PENDING });
    const address = async (fullAddress: string, fields: Record<string, unknown> = {}) => {
      const { data, errors } = await agent.graphql(CREATE, {
        ownerId: owner.id,
        input: input({ fullAddress, ...fields }),
      });
      expect(errors).toBeUndefined();
      return data.createService.fullAddress as string;
    };
    expect(await address("12 rue des Cordeliers")).toBe("12 rue des Cordeliers, 64000 Pau");
    expect(await address("12 rue des Cordeliers, ")).toBe("12 rue des Cordeliers, 64000 Pau");
    // An address that names its postcode or its town is kept as typed.
    expect(await address("12 Rue des Cordeliers 64000 Pau")).toBe("12 Rue des Cordeliers 64000 Pau");
    expect(await address("Place de la Mairie, PAU")).toBe("Place de la Mairie, PAU");
    expect(
      await address("3 chemin des Vergers", { city: "Saint-Pée-sur-Nivelle", zip: "64310", coveredLocations: [] }),
    ).toBe("3 chemin des Vergers, 64310 Saint-Pée-sur-Nivelle");
    expect(
      await address("3 chemin des Vergers, Saint Pee sur Nivelle", {
        city: "Saint-Pée-sur-Nivelle",
        zip: "64310",
        coveredLocations: [],
      }),
    ).toBe("3 chemin des Vergers, Saint Pee sur Nivelle");
  });

  it("refuses owners that cannot hold services, and partners creating for others", async () => {
    const admin = await actor(t, Role.ADMIN);
    const newsPartner = await buildAccount(t.portal.dataSource, { role: Role.NEWS_PARTNER });
    const request = await buildAccount(t.portal.dataSource, { role: Role.FULL_PARTNER, status: UserStatus.LOCAL });
    for (const owner of [newsPartner, request]) {
      const { errors } = await admin.agent.graphql(CREATE, { ownerId: owner.id, input: input() });
      expect(errors?.[0].extensions?.code).toBe("FORBIDDEN");
      expect(errors?.[0].message).toBe(OWNER_REFUSED);
    }
    // A content creator is told why: their role, not their account's validation.
    const creator = await actor(t, Role.NEWS_PARTNER);
    expect(
      (await creator.agent.graphql(CREATE, { ownerId: creator.user!.id, input: input() })).errors?.[0],
    ).toMatchObject({
      message: CONTENT_CREATOR_REFUSED,
      extensions: { code: "FORBIDDEN" },
    });
    const partner = await actor(t, Role.FULL_PARTNER);
    const other = await buildAccount(t.portal.dataSource, { role: Role.FULL_PARTNER });
    // A partner learns what they may do, not the rules of accounts they may not manage.
    expect((await partner.agent.graphql(CREATE, { ownerId: other.id, input: input() })).errors?.[0]).toMatchObject({
      message: "Vous ne pouvez créer un service que pour votre propre compte.",
      extensions: { code: "FORBIDDEN" },
    });
    expect((await partner.agent.graphql(CREATE, { ownerId: partner.user!.id, input: input() })).errors).toBeUndefined();
    const visitor = await actor(t, "visitor");
    expect(
      (await visitor.agent.graphql(CREATE, { ownerId: other.id, input: input() })).errors?.[0].extensions?.code,
    ).toBe("UNAUTHENTICATED");
    expect(await count()).toBe(1);
  });

  it("refuses bad sheets with French messages and keeps nothing", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ serviceName: "   " }, "Le nom de la structure est requis."],
      [{ email: "pas-un-mail" }, "L'adresse e-mail de la structure n'est pas valide."],
      [{ zip: "640" }, "Le code postal doit compter 5 chiffres."],
      [{ city: "Paris" }, "Commune inconnue dans le département : Paris."],
      [{ types: [] }, "Choisissez au moins un type de service."],
      [{ ages: [] }, "Choisissez au moins une tranche d'âge."],
      [{ website: "javascript:alert(1)" }, "Le site internet doit être une adresse http(s)."],
      [{ coveredLocations: ["CA Imaginaire"] }, "Intercommunalité inconnue : CA Imaginaire."],
      [{ description: "{pas du json" }, "Le contenu de la description est illisible."],
      [{ zip: "75001" }, "Le code postal 75001 n'est pas celui de Pau (64000)."],
      [
        { epci: "CC du Haut Béarn" },
        "Pau fait partie de l'intercommunalité CA Pau Béarn Pyrénées, pas de CC du Haut Béarn.",
      ],
      [{ location: { lat: 48.85, lon: 2.35 } }, "La position indiquée est à 649 km de Pau : vérifiez l'adresse."],
    ];
    for (const [fields, message] of cases) {
      const { errors } = await agent.graphql(CREATE, { ownerId: user!.id, input: input(fields) });
      expect(errors?.[0].message, JSON.stringify(fields)).toBe(message);
    }
    expect(await count()).toBe(0);
  });

  it("lets members and admins update and delete; others get FORBIDDEN, visitors UNAUTHENTICATED", async () => {
    const owner = await actor(t, Role.FULL_PARTNER);
    const coMember = await actor(t, Role.FULL_PARTNER);
    const stranger = await actor(t, Role.FULL_PARTNER);
    const admin = await actor(t, Role.ADMIN);
    const visitor = await actor(t, "visitor");
    const service = await buildSheet(t.portal.dataSource, { userIds: [owner.user!.id, coMember.user!.id] });

    const edit = (who: typeof owner, name: string) =>
      who.agent.graphql(UPDATE, { id: service.id, input: input({ serviceName: name }) });
    expect((await edit(owner, "Par le propriétaire")).data.updateService.serviceName).toBe("Par le propriétaire");
    expect((await edit(coMember, "Par un membre")).data.updateService.serviceName).toBe("Par un membre");
    expect((await edit(admin, "Par l'admin")).data.updateService.serviceName).toBe("Par l'admin");
    expect((await edit(stranger, "Intrus")).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await edit(visitor, "Intrus")).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const stored = await t.portal.dataSource.getRepository(Sheet).findOneByOrFail({ id: service.id });
    expect(stored.serviceName).toBe("Par l'admin");
    expect(stored.userIds).toEqual([owner.user!.id, coMember.user!.id]);

    expect((await stranger.agent.graphql(DELETE, { id: service.id })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await visitor.agent.graphql(DELETE, { id: service.id })).errors?.[0].extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await coMember.agent.graphql(DELETE, { id: service.id })).data.deleteService).toBe(true);
    expect(await count()).toBe(0);
    expect((await admin.agent.graphql(DELETE, { id: service.id })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("lists an owner's services for the owner and admins only", async () => {
    const owner = await actor(t, Role.FULL_PARTNER);
    const other = await actor(t, Role.FULL_PARTNER);
    const admin = await actor(t, Role.ADMIN);
    await buildSheet(t.portal.dataSource, { serviceName: "B", userIds: [owner.user!.id] });
    await buildSheet(t.portal.dataSource, { serviceName: "A", userIds: [other.user!.id, owner.user!.id] });
    await buildSheet(t.portal.dataSource, { serviceName: "C", userIds: [other.user!.id] });
    const names = async (who: typeof owner) =>
      (await who.agent.graphql(OWNED, { userId: owner.user!.id })).data?.servicesOfOwner.map(
        (s: { serviceName: string }) => s.serviceName,
      );
    expect(await names(owner)).toEqual(["A", "B"]);
    expect(await names(admin)).toEqual(["A", "B"]);
    expect((await other.agent.graphql(OWNED, { userId: owner.user!.id })).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
  });

  it("speaks the legacy REST rows: add, update, owner, current, delete", async () => {
    const admin = await actor(t, Role.ADMIN);
    const owner = await actor(t, Role.FULL_PARTNER);
    const { types: _types, mobile: _mobile, ...legacy } = input();
    const added = await admin.agent.rest("POST", "/api/services/add", {
      ...legacy,
      type: ["LAEP", "CRECHE"],
      fax: "06 99 88 77 66",
      userIds: [owner.user!.id],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ type: ["LAEP", "CRECHE"], fax: "06 99 88 77 66", userIds: [owner.user!.id] });
    const id = added.body.id;

    const current = await owner.agent.rest("GET", `/api/services/current/${id}`);
    const updated = await owner.agent.rest("PUT", "/api/services/update", {
      ...current.body,
      serviceName: "LAEP du Gave",
      fax: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, serviceName: "LAEP du Gave", fax: null, type: ["LAEP", "CRECHE"] });

    const owned = await owner.agent.rest("GET", `/api/services/owner/${owner.user!.id}`);
    expect(owned.status).toBe(200);
    expect(owned.body.map((s: { id: string }) => s.id)).toEqual([id]);
    const visitor = newAgent(t);
    expect((await visitor.rest("GET", `/api/services/owner/${owner.user!.id}`)).status).toBe(401);

    expect((await visitor.rest("DELETE", `/api/services/delete/${id}`)).status).toBe(401);
    expect((await owner.agent.rest("DELETE", `/api/services/delete/${id}`)).status).toBe(200);
    expect((await owner.agent.rest("GET", `/api/services/current/${id}`)).status).toBe(404);
  });

  it("finds a service by its covered EPCI and by text without accents", async () => {
    await buildSheet(t.portal.dataSource, {
      serviceName: "Médiation familiale du Béarn",
      types: [ServiceType.FAMILY_MEDIATION],
      ages: [Age.FAMMILY],
      city: "Orthez",
      epci: "CC de Lacq-Orthez",
      coveredLocations: ["CA Pau Béarn Pyrénées"],
    });
    const search = (body: Record<string, unknown>) => t.rest("POST", "/api/services/search", body);
    expect((await search({ locations: ["CA Pau Béarn Pyrénées"] })).body.count).toBe(1);
    expect((await search({ locations: ["Orthez"] })).body.count).toBe(1);
    expect((await search({ locations: ["Bayonne"] })).body.count).toBe(0);
    expect((await search({ textQuery: "mediation bearn" })).body.count).toBe(1);
    expect((await search({ textQuery: "MÉDIAT" })).body.count).toBe(1);
    expect((await search({ type: ["FAMILY_MEDIATION"], ages: ["FAMMILY"] })).body.count).toBe(1);
    expect((await search({ type: ["CRECHE"] })).body.count).toBe(0);
  });
});
