import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { buildMedia, buildSheet } from "../../../test/factories";
import { FakeGeocoder } from "../../../test/fake-geocoder";
import { useTestPortal } from "../../../test/portal";
import { Media } from "../../modules/media/media.entity";
import { Category, Network, Role } from "../../modules/reference/reference.data";
import { Sheet } from "../../modules/sheets/sheet.entity";
import { User } from "../../modules/users/user.entity";
import { OWNER_REQUIRED } from "./service-routes";

/**
 * Legacy clients send exactly the payloads of the spec (§3 and §7): "" for every field left
 * blank, the spec's names for the users list's sort in spec-sort-names.int.test.ts (partner requests without a town:
 * join-without-town.int.test.ts).
 */

// Addresses in the payloads are looked up by a local fake of the address service.
const fake = new FakeGeocoder();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

describe("legacy REST payloads, as the spec writes them", () => {
  const t = useTestPortal(() => ({ GEOCODER_URL: fake.url, GEOCODER_TIMEOUT_MS: "300" }));
  const users = () => t.portal.dataSource.getRepository(User);

  it("keeps the day an expiration timestamp falls on in France (a browser's toISOString of midnight in Paris)", async () => {
    const { agent } = await actor(t, Role.ADMIN);
    const cases = [
      ["2027-05-24T22:00:00.000Z", "2027-05-25"], // midnight, summer time
      ["2027-01-10T23:30:00.000Z", "2027-01-11"], // 00:30, winter time
      ["2027-05-24T12:00:00+02:00", "2027-05-24"],
      ["2027-05-24T23:30:00", "2027-05-24"], // a wall-clock time without a zone: its own day
      ["2027-05-24T12:00+0200", "2027-05-24"],
      ["2027-05-21", "2027-05-21"],
      ["21/05/2027", "2027-05-21"], // as the portal writes dates (spec: DD/MM/YYYY)
    ];
    for (const [index, [sent, kept]] of cases.entries()) {
      const added = await agent.rest("POST", "/api/users/add", {
        name: "Durand",
        surname: "Luc",
        email: `expiration-${index}@example.org`,
        phone: "05 59 00 00 01",
        role: "NEWS_PARTNER",
        expiration: sent,
        networks: [],
      });
      expect(added.status, sent).toBe(201);
      expect(added.body.expiration, sent).toBe(kept);
    }
    // A date followed by anything that is not a time is refused, not cut to its first ten characters.
    for (const sent of [
      "2027-01-01garbage",
      "2027-01-01 n'importe quoi",
      "2027-01-01T99:99:99",
      "2027-01-01T10:00:00+25:00",
      "2027-02-30T10:00:00Z",
      "30/02/2027",
      "21/05/27",
    ]) {
      const refused = await agent.rest("POST", "/api/users/add", {
        name: "Durand",
        surname: "Luc",
        email: "expiration-refused@example.org",
        phone: "05 59 00 00 01",
        role: "NEWS_PARTNER",
        expiration: sent,
        networks: [],
      });
      expect(refused, sent).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT" } });
      expect(refused.body.message, sent).toMatch(/date/i);
    }
    expect(await t.portal.dataSource.getRepository(User).countBy({ email: "expiration-refused@example.org" })).toBe(0);
  });

  it("takes an event's dates as the portal writes them (DD/MM/YYYY HH:mm, French time) and as ISO instants", async () => {
    const { agent } = await actor(t, Role.NEWS_PARTNER);
    const year = new Date().getFullYear() + 1;
    const added = await agent.rest("POST", "/api/media/add", {
      title: "Fête du jeu",
      article: { ops: [{ insert: "Jeux pour toute la famille.\n" }] },
      categories: ["event"],
      ages: ["ENFANCE"],
      thematics: ["HOLIDAYS_LEISURE"],
      eventFrom: `06/06/${year} 14:30`,
      eventTo: `${year}-06-06T16:00:00.000Z`,
      eventAddress: "Place Clemenceau, Pau",
    });
    expect(added.status).toBe(201);
    expect(await t.portal.dataSource.getRepository(Media).findOneByOrFail({ id: added.body as string })).toMatchObject({
      eventFrom: new Date(`${year}-06-06T12:30:00.000Z`),
      eventTo: new Date(`${year}-06-06T16:00:00.000Z`),
    });
    const refused = await agent.rest("POST", "/api/media/add", {
      title: "Fête du jeu",
      article: { ops: [{ insert: "Jeux.\n" }] },
      categories: ["event"],
      ages: ["ENFANCE"],
      thematics: ["HOLIDAYS_LEISURE"],
      eventFrom: `31/06/${year} 14:30`,
    });
    expect(refused).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT" } });
    expect(refused.body.message).toMatch(/eventFrom/);
  });

  describe("places and networks as the spec writes them", () => {
    const article = (fields: Record<string, unknown> = {}) => ({
      title: "Semaine de la parentalité",
      article: { ops: [{ insert: "Ateliers et rencontres pour les parents.\n" }] },
      categories: ["new"],
      ages: ["ENFANCE"],
      thematics: ["PARENT_CHILD_RELATIONSHIPS"],
      ...fields,
    });

    it("POST /api/media/add and PUT /api/media/update: `locations` names towns and EPCIs, stored as such", async () => {
      const { agent } = await actor(t, Role.NEWS_PARTNER);
      const media = t.portal.dataSource.getRepository(Media);
      // Spec §3: a media's places are its `locations`, as the search's (§7).
      const added = await agent.rest(
        "POST",
        "/api/media/add",
        article({ locations: ["Pau", "CA Pau Béarn Pyrénées"] }),
      );
      expect(added.status).toBe(201);
      const id = added.body as string;
      expect(await media.findOneByOrFail({ id })).toMatchObject({ city: ["Pau"], epci: ["CA Pau Béarn Pyrénées"] });
      const current = await agent.rest("GET", `/api/media/current/${id}`);
      expect(current.body).toMatchObject({ city: ["Pau"], epci: ["CA Pau Béarn Pyrénées"] });
      expect([...current.body.locations].sort()).toEqual(["CA Pau Béarn Pyrénées", "Pau"]);
      // Found by a search on either place.
      const found = await t.rest("POST", "/api/media/search", { categories: ["new"], locations: ["Pau"] });
      expect(found.body.results.map((row: { id: string }) => row.id)).toEqual([id]);

      // The current media with its places edited: any case, with or without accents, « St » for « Saint ».
      const updated = await agent.rest("PUT", `/api/media/update/${id}`, {
        ...current.body,
        locations: ["lescar", "st jean de luz", "cc du haut bearn"],
      });
      expect(updated).toMatchObject({
        status: 200,
        body: { city: ["Lescar", "Saint-Jean-de-Luz"], epci: ["CC du Haut Béarn"] },
      });
      expect(await media.findOneByOrFail({ id })).toMatchObject({
        city: ["Lescar", "Saint-Jean-de-Luz"],
        epci: ["CC du Haut Béarn"],
      });
      // Without `locations`, `city` and `epci` say the places, as before.
      const byLists = await agent.rest("PUT", `/api/media/update/${id}`, {
        ...updated.body,
        locations: [],
        city: ["Bayonne"],
        epci: [],
      });
      expect(byLists).toMatchObject({ status: 200, body: { city: ["Bayonne"], epci: [], locations: ["Bayonne"] } });
    });

    it("refuses a place that is neither a town nor an EPCI of the department, naming it, and stores nothing", async () => {
      const { agent } = await actor(t, Role.NEWS_PARTNER);
      const media = t.portal.dataSource.getRepository(Media);
      const refused = await agent.rest("POST", "/api/media/add", article({ locations: ["Pau", "Paris"] }));
      const message = "Lieu inconnu : « Paris ». Indiquez une commune ou une intercommunalité du département.";
      expect(refused).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message, fields: { locations: message } },
      });
      expect(await media.count()).toBe(0);

      const id = (await agent.rest("POST", "/api/media/add", article({ locations: ["Pau"] }))).body as string;
      const two = await agent.rest("PUT", `/api/media/update/${id}`, article({ locations: ["Lyon", "Pau", "Lille"] }));
      expect(two).toMatchObject({
        status: 400,
        body: {
          message:
            "Lieux inconnus : « Lyon », « Lille ». Indiquez des communes ou des intercommunalités du département.",
        },
      });
      expect(await media.findOneByOrFail({ id })).toMatchObject({ city: ["Pau"], epci: [] });
    });

    it("reads network values as the spec spells them (« Rpe », « Pdn », « all », any case) and writes them in lower case", async () => {
      const { agent } = await actor(t, Role.ADMIN, { networks: [Network.ALL] });
      const added = await agent.rest("POST", "/api/media/add", article({ networks: ["Rpe", "PDN"] }));
      expect(added.status).toBe(201);
      const id = added.body as string;
      const media = t.portal.dataSource.getRepository(Media);
      expect(await media.findOneByOrFail({ id })).toMatchObject({ networks: [Network.RPE, Network.PDN] });
      const current = await agent.rest("GET", `/api/media/current/${id}`);
      expect(current.body.networks).toEqual(["rpe", "pdn"]);
      // The answer sent back as it came is taken as it is.
      const updated = await agent.rest("PUT", `/api/media/update/${id}`, {
        ...current.body,
        networks: ["rpe", "Eaje"],
      });
      expect(updated).toMatchObject({ status: 200, body: { networks: ["rpe", "eaje"] } });
      const search = await agent.rest("POST", "/api/media/search", { categories: ["new"], networks: ["Rpe"] });
      expect(search).toMatchObject({ status: 200, body: { count: 1, results: [{ id, networks: ["rpe", "eaje"] }] } });

      const user = await agent.rest("POST", "/api/users/add", {
        name: "Durand",
        surname: "Luc",
        email: "luc.durand@example.org",
        phone: "05 59 00 00 01",
        role: "NEWS_PARTNER",
        networks: ["Rpe", "Pdn", "ALL"],
      });
      expect(user).toMatchObject({ status: 201, body: { networks: ["rpe", "pdn", "all"] } });
      const listed = await agent.rest("GET", "/api/users/search?textQuery=durand");
      expect(listed.body.users).toEqual([expect.objectContaining({ networks: ["rpe", "pdn", "all"] })]);
      const changed = await agent.rest("PUT", "/api/users/update", { ...user.body, networks: ["eaje"] });
      expect(changed).toMatchObject({ status: 200, body: { networks: ["eaje"] } });

      // A value that is no network is refused, in the answers' spelling.
      const unknown = await agent.rest("POST", "/api/media/add", article({ networks: ["Rpe", "CAF"] }));
      expect(unknown).toMatchObject({ status: 400, body: { code: "BAD_USER_INPUT" } });
      expect(unknown.body.message).toContain("« CAF »");
      expect(unknown.body.message).toContain("rpe, pdn");
      expect(await media.count()).toBe(1);
    });
  });

  describe('"" in optional fields means absent', () => {
    it("POST /api/users/add and PUT /api/users/update: no mobile, no expiration", async () => {
      const { agent } = await actor(t, Role.ADMIN);
      // Spec §7: id, name, mobile, email, role, surname, phone, expiration, creation, networks.
      const added = await agent.rest("POST", "/api/users/add", {
        id: "",
        name: "Durand",
        mobile: "",
        email: "luc.durand@example.org",
        role: "FULL_PARTNER",
        surname: "Luc",
        phone: "05 59 00 00 01",
        expiration: "",
        creation: "",
        networks: [],
      });
      expect(added).toMatchObject({ status: 201, body: { mobile: null, expiration: null } });
      const id = added.body.id;
      expect(await users().findOneByOrFail({ id })).toMatchObject({ mobile: null, expiration: null });
      // The creation answered is the one read back later (stored to the second).
      const readBack = await agent.rest("GET", `/api/users/profile/${id}`);
      expect(readBack.body.creation).toBe(added.body.creation);

      await users().update({ id }, { mobile: "06 00 00 00 01", expiration: "2031-01-15" });
      const updated = await agent.rest("PUT", "/api/users/update", {
        ...added.body,
        name: "Durand-Laborde",
        mobile: "",
        expiration: "",
        networks: ["EAJE", ""],
      });
      expect(updated).toMatchObject({
        status: 200,
        body: { id, name: "Durand-Laborde", mobile: null, expiration: null, networks: ["eaje"] },
      });
      const profile = await agent.rest("GET", `/api/users/profile/${id}`);
      expect(profile.body).toMatchObject({ mobile: null, expiration: null, networks: ["eaje"] });

      // A blank required field still gets its own message.
      const blank = await agent.rest("POST", "/api/users/add", { ...added.body, email: "autre@example.org", name: "" });
      expect(blank).toMatchObject({ status: 400, body: { message: "Le nom est requis." } });
      // Spec §5: a new account's role is a content creator's unless another is chosen; an edit keeps asking.
      const noRole = await agent.rest("POST", "/api/users/add", {
        ...added.body,
        email: "sans-role@example.org",
        role: "",
      });
      expect(noRole).toMatchObject({ status: 201, body: { role: "NEWS_PARTNER" } });
      expect(await agent.rest("PUT", "/api/users/update", { ...noRole.body, role: "" })).toMatchObject({ status: 400 });
    });

    it("POST /api/services/add and PUT /api/services/update: no mobile, website, link, EPCI or description", async () => {
      const admin = await actor(t, Role.ADMIN);
      const owner = await actor(t, Role.FULL_PARTNER);
      // Spec §3: the service's fields (fax for the mobile, type for the types) plus userIds.
      const added = await admin.agent.rest("POST", "/api/services/add", {
        serviceName: "Crèche Les Lutins",
        serviceManager: "Ainhoa Etchegaray",
        email: "lutins@example.org",
        phone: "05 59 12 34 56",
        fax: "",
        website: "",
        externalLink: "",
        mainPicture: "",
        fullAddress: "12 Rue des Cordeliers 64000 Pau",
        city: "Pau",
        zip: "64000",
        epci: "",
        location: { lat: 43.2951, lon: -0.3696 },
        type: ["CRECHE"],
        ages: ["PETITE_ENFANCE"],
        coveredLocations: [""],
        description: "",
        userIds: [owner.user!.id],
      });
      expect(added.status).toBe(201);
      // A form that picked no position sends it blank: no position, not a refused request.
      const unplaced = await admin.agent.rest("POST", "/api/services/add", {
        ...added.body,
        id: undefined,
        serviceName: "Crèche Les Lucioles",
        location: { lat: "", lon: "" },
        userIds: [owner.user!.id],
      });
      expect(unplaced.status).toBe(201);
      // Without its owner (no userIds, or a blank one) the sheet is refused in the REST field's name.
      for (const userIds of [undefined, [], [""], ""]) {
        const orphan = await admin.agent.rest("POST", "/api/services/add", { ...added.body, id: undefined, userIds });
        expect(orphan).toMatchObject({
          status: 400,
          body: { message: OWNER_REQUIRED, fields: { userIds: OWNER_REQUIRED } },
        });
      }
      expect(await t.portal.dataSource.getRepository(Sheet).countBy({ serviceName: "Crèche Les Lutins" })).toBe(1);
      expect(added.body).toMatchObject({
        fax: null,
        website: null,
        externalLink: null,
        epci: "CA Pau Béarn Pyrénées",
        coveredLocations: [],
        description: null,
      });
      const id = added.body.id;

      const services = t.portal.dataSource.getRepository(Sheet);
      await services.update(
        { id },
        { mobile: "06 11 22 33 44", website: "https://lutins.example.org", externalLink: "https://example.org/x" },
      );
      // Spec §7: the current service merged with the edits.
      const current = await owner.agent.rest("GET", `/api/services/current/${id}`);
      expect(current.body).toMatchObject({ fax: "06 11 22 33 44", website: "https://lutins.example.org" });
      const updated = await owner.agent.rest("PUT", "/api/services/update", {
        ...current.body,
        fax: "",
        website: "",
        externalLink: "",
        epci: "",
        description: "",
      });
      expect(updated.status).toBe(200);
      const stored = await services.findOneByOrFail({ id });
      expect(stored).toMatchObject({ mobile: null, website: null, externalLink: null, description: null });
      const reread = await newAgent(t).rest("GET", `/api/services/current/${id}`);
      expect(reread.body).toMatchObject({ fax: null, website: null, externalLink: null, description: null });
    });

    it("takes a service's ages as flags per age range as well as a list (spec §3), to write and to search", async () => {
      const admin = await actor(t, Role.ADMIN);
      const owner = await actor(t, Role.FULL_PARTNER);
      const added = await admin.agent.rest("POST", "/api/services/add", {
        serviceName: "Relais petite enfance des Gaves",
        serviceManager: "Ainhoa Etchegaray",
        email: "relais@example.org",
        phone: "05 59 12 34 56",
        fullAddress: "12 Rue des Cordeliers 64000 Pau",
        city: "Pau",
        zip: "64000",
        type: ["RPE"],
        ages: { PETITE_ENFANCE: true, ENFANCE: true, ADOLESCENCE: false },
        userIds: [owner.user!.id],
      });
      expect(added.status).toBe(201);
      expect(added.body.ages).toEqual(["PETITE_ENFANCE", "ENFANCE"]);
      const search = (ages: unknown) => t.rest("POST", "/api/services/search", { ages, page: 0, pageSize: 15 });
      const byFlags = await search({ ENFANCE: true });
      expect(byFlags.status).toBe(200);
      expect(byFlags.body.results.map((row: { id: string }) => row.id)).toContain(added.body.id);
      expect((await search({ ADOLESCENCE: true })).body.results).toEqual([]);
      // An unknown range is refused as in a list.
      expect((await search({ RETRAITE: true })).status).toBe(400);
    });

    it("POST /api/media/add and PUT /api/media/update: no description typed, no event address, no dates", async () => {
      const { agent, user } = await actor(t, Role.NEWS_PARTNER);
      // Spec §7: the article's fields plus userIds.
      const article = {
        title: "Atelier d'éveil musical",
        article: { ops: [{ insert: "Un atelier pour les tout-petits et leurs parents.\n" }] },
        description: "",
        mainPicture: "",
        categories: ["new"],
        ages: ["PETITE_ENFANCE"],
        thematics: ["PARENT_CHILD_RELATIONSHIPS"],
        networks: [],
        epci: [],
        city: ["Pau", ""],
        files: [],
        eventFrom: "",
        eventTo: "",
        eventAddress: "",
        location: "",
        userIds: [user!.id],
      };
      const added = await agent.rest("POST", "/api/media/add", article);
      expect(added.status).toBe(201);
      const id = added.body as string;
      const media = t.portal.dataSource.getRepository(Media);
      expect(await media.findOneByOrFail({ id })).toMatchObject({
        // A summary left blank is written from the text, as when absent.
        description: "Un atelier pour les tout-petits et leurs parents.",
        city: ["Pau"],
        eventFrom: null,
        eventTo: null,
        eventAddress: null,
      });

      await media.update({ id }, { eventAddress: "Salle des fêtes" });
      const current = await agent.rest("GET", `/api/media/current/${id}`);
      const updated = await agent.rest("PUT", `/api/media/update/${id}`, {
        ...current.body,
        title: "Atelier d'éveil musical (complet)",
        eventAddress: "",
        eventFrom: "",
        eventTo: "",
        description: "",
      });
      expect(updated).toMatchObject({
        status: 200,
        body: { id, title: "Atelier d'éveil musical (complet)", eventAddress: null, eventFrom: null, eventTo: null },
      });
      expect((await media.findOneByOrFail({ id })).eventAddress).toBeNull();
    });

    it("the search rows: an empty text, place or date filters nothing", async () => {
      const ds = t.portal.dataSource;
      const media = await buildMedia(ds, { title: "Fête des familles" });
      const service = await buildSheet(ds, { serviceName: "Crèche Les Lutins" });
      const mediaSearch = await t.rest("POST", "/api/media/search", {
        textQuery: "",
        categories: ["new", "event"],
        locations: [""],
        ages: [],
        thematic: [],
        networks: [],
        eventFrom: "",
        eventTo: "",
        eventPlace: "",
        pageSize: 15,
        page: 0,
      });
      expect(mediaSearch).toMatchObject({ status: 200, body: { count: 1, results: [{ id: media.id }] } });
      const serviceSearch = await t.rest("POST", "/api/services/search", {
        textQuery: "",
        locations: [],
        ages: [],
        type: [],
        page: "",
        pageSize: "",
      });
      expect(serviceSearch).toMatchObject({ status: 200, body: { count: 1, results: [{ id: service.id }] } });
      // A place left blank (nothing picked in « Où ? ») and null items in lists are absent too.
      const blanks = await t.rest("POST", "/api/services/search", {
        near: { lat: "", lon: "", radiusKm: "" },
        locations: [null],
        type: [null],
      });
      expect(blanks).toMatchObject({ status: 200, body: { count: 1, results: [{ id: service.id }] } });
      expect(blanks.body.results[0]).not.toHaveProperty("distanceKm");
      // A yes/no sent as text, as a form sends it.
      expect((await t.rest("POST", "/api/services/search", { openNow: "false" })).status).toBe(200);
      expect((await t.rest("POST", "/api/services/search", { openNow: "true" })).status).toBe(200);
      const nulls = await t.rest("POST", "/api/media/search", { categories: [null], locations: [null, ""] });
      expect(nulls).toMatchObject({ status: 200, body: { count: 1, results: [{ id: media.id }] } });
    });

    it("the search rows: a day as a date filter (its whole day in France), a page number sent as text", async () => {
      const ds = t.portal.dataSource;
      // 1 March 2027 at 23:30 in Paris is 22:30 UTC: still that day.
      const late = await buildMedia(ds, {
        title: "Veillée contée",
        categories: [Category.EVENT],
        eventFrom: new Date("2027-03-01T22:30:00Z"),
        eventTo: new Date("2027-03-01T22:45:00Z"),
      });
      await buildMedia(ds, {
        title: "Le lendemain",
        categories: [Category.EVENT],
        eventFrom: new Date("2027-03-02T09:00:00Z"),
        eventTo: new Date("2027-03-02T10:00:00Z"),
      });
      for (const [eventFrom, eventTo] of [
        ["2027-03-01", "2027-03-01"],
        ["01/03/2027", "01/03/2027"],
      ]) {
        const found = await t.rest("POST", "/api/media/search", {
          categories: ["event"],
          eventFrom,
          eventTo,
          page: "0",
          pageSize: "15",
        });
        expect(found, `${eventFrom}`).toMatchObject({ status: 200, body: { count: 1, results: [{ id: late.id }] } });
      }
    });
  });
});
