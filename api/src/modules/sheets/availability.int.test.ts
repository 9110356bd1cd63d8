import { DateTime } from "luxon";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { actor, newAgent } from "../../../test/agent";
import { buildSheet, Role, ServiceType } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { AVAILABILITY_MESSAGES } from "../../shared/availability-rules";
import { AuditEntry } from "../audit/audit-entry.entity";
import { wholeSeconds } from "../common/clock";
import { AvailabilityStatus, ChildcareAgeGroup, type StoredAvailabilityGroup } from "./availability";
import { Sheet } from "./sheet.entity";

const AVAILABILITY = "availability { givenAt current summary groups { ageGroup label status vacancies text } }";
const UPDATE_AVAILABILITY = `mutation ($id: ID!, $input: AvailabilityInput!) {
  updateServiceAvailability(id: $id, input: $input) { id checkedAt ${AVAILABILITY} } }`;
const UPDATE = `mutation ($id: ID!, $input: ServiceInput!) { updateService(id: $id, input: $input) { id types ${AVAILABILITY} } }`;
const SEARCH = `query ($input: ServiceSearchInput!) { services(input: $input) { count results { serviceName } } }`;

/** Tuesday 10 November 2026, 10:00 in Paris: the tests' today. */
const NOW = wholeSeconds(DateTime.fromISO("2026-11-10T10:00:00", { zone: "Europe/Paris" }).toJSDate());
const ago = (shift: { months?: number; days?: number }) =>
  DateTime.fromJSDate(NOW).setZone("Europe/Paris").minus(shift).toJSDate();

const places = (vacancies: number): StoredAvailabilityGroup[] => [
  { ageGroup: ChildcareAgeGroup.FROM_18_MONTHS, status: AvailabilityStatus.VACANCIES, vacancies },
];
const full: StoredAvailabilityGroup[] = [
  { ageGroup: ChildcareAgeGroup.UNDER_18_MONTHS, status: AvailabilityStatus.FULL, vacancies: null },
];

describe("« Places disponibles » of child care sheets", () => {
  const t = useTestPortal();
  const clock = { now: NOW };
  beforeEach(() => {
    clock.now = NOW;
    vi.spyOn(t.portal.services.clock, "now").mockImplementation(() => clock.now);
  });
  afterEach(() => vi.restoreAllMocks());

  const stored = (id: string) => t.portal.dataSource.getRepository(Sheet).findOneByOrFail({ id });
  const trail = (itemId: string) =>
    t.portal.dataSource.getRepository(AuditEntry).find({ where: { itemId }, order: { id: "ASC" } });
  const given = {
    groups: [
      { ageGroup: "UNDER_18_MONTHS", status: "FULL" },
      { ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies: 2 },
      { ageGroup: "FROM_3_YEARS", status: "WAITING_LIST", vacancies: 5 },
    ],
  };

  it("lets a member give them in one step: dated today, in the history, the sheet's confirmation untouched", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const checkedAt = ago({ months: 3 });
    const sheet = await buildSheet(t.portal.dataSource, {
      userIds: [user!.id],
      serviceName: "Crèche Les Lutins",
      checkedAt,
    });

    const { data, errors } = await agent.graphql(UPDATE_AVAILABILITY, { id: sheet.id, input: given });
    expect(errors).toBeUndefined();
    expect(data.updateServiceAvailability).toEqual({
      id: sheet.id,
      checkedAt: checkedAt.toISOString(),
      availability: {
        givenAt: NOW.toISOString(),
        current: true,
        summary: "2 places disponibles (au 10/11)",
        groups: [
          { ageGroup: "UNDER_18_MONTHS", label: "Moins de 18 mois", status: "FULL", vacancies: null, text: "complet" },
          {
            ageGroup: "FROM_18_MONTHS",
            label: "De 18 mois à 3 ans",
            status: "VACANCIES",
            vacancies: 2,
            text: "2 places disponibles",
          },
          // A number given with « liste d'attente » means nothing: it is not kept.
          {
            ageGroup: "FROM_3_YEARS",
            label: "De 3 à 6 ans",
            status: "WAITING_LIST",
            vacancies: null,
            text: "liste d'attente",
          },
        ],
      },
    });
    expect((await stored(sheet.id)).checkedAt.getTime()).toBe(checkedAt.getTime());
    const [entry] = (await trail(sheet.id)).slice(-1);
    expect(entry).toMatchObject({ actorId: user!.id, action: "UPDATE", fields: ["availability"] });
    // Its facet row carries the sheet's types: « Avec des places disponibles » of crèches finds it.
    const search = await t.graphql<any>(SEARCH, { input: { withVacancies: true, types: ["CRECHE"] } });
    expect(search.data.services.results).toEqual([{ serviceName: "Crèche Les Lutins" }]);

    // Anyone reads them, on the sheet and in the lists; an empty list clears them.
    const read = await newAgent(t).graphql(`query ($id: ID!) { service(id: $id) { ${AVAILABILITY} } }`, {
      id: sheet.id,
    });
    expect(read.data.service.availability.summary).toBe("2 places disponibles (au 10/11)");
    const cleared = await agent.graphql(UPDATE_AVAILABILITY, { id: sheet.id, input: { groups: [] } });
    expect(cleared.data.updateServiceAvailability.availability).toBeNull();
    expect(await trail(sheet.id)).toHaveLength(2);
  });

  it("refuses visitors and strangers, lets an administrator: nothing changes on a refusal", async () => {
    const owner = await actor(t, Role.FULL_PARTNER);
    const sheet = await buildSheet(t.portal.dataSource, { userIds: [owner.user!.id] });
    const visitor = await newAgent(t).graphql(UPDATE_AVAILABILITY, { id: sheet.id, input: given });
    expect(visitor.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const stranger = await (
      await actor(t, Role.FULL_PARTNER)
    ).agent.graphql(UPDATE_AVAILABILITY, {
      id: sheet.id,
      input: given,
    });
    expect(stranger.errors?.[0]).toMatchObject({
      message: "Vous ne pouvez modifier que vos propres services.",
      extensions: { code: "FORBIDDEN" },
    });
    expect((await stored(sheet.id)).availabilityGroups).toBeNull();
    expect(await trail(sheet.id)).toEqual([]);

    const { agent: admin, user } = await actor(t, Role.ADMIN);
    const { errors } = await admin.graphql(UPDATE_AVAILABILITY, { id: sheet.id, input: given });
    expect(errors).toBeUndefined();
    expect(await trail(sheet.id)).toMatchObject([{ actorId: user!.id, fields: ["availability"] }]);
  });

  it("refuses a number of places out of 1–999, an age group twice, and a sheet that is not child care", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const crèche = await buildSheet(t.portal.dataSource, { userIds: [user!.id] });
    const laep = await buildSheet(t.portal.dataSource, { userIds: [user!.id], types: [ServiceType.LAEP] });
    const refused = async (id: string, groups: unknown[]) => {
      const { errors } = await agent.graphql(UPDATE_AVAILABILITY, { id, input: { groups } });
      expect(errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      return errors![0].message;
    };
    expect(await refused(crèche.id, [{ ageGroup: "FROM_3_YEARS", status: "VACANCIES", vacancies: 0 }])).toBe(
      AVAILABILITY_MESSAGES.vacancies("De 3 à 6 ans"),
    );
    expect(await refused(crèche.id, [{ ageGroup: "FROM_3_YEARS", status: "VACANCIES", vacancies: 1000 }])).toBe(
      AVAILABILITY_MESSAGES.vacancies("De 3 à 6 ans"),
    );
    expect(await refused(crèche.id, [{ ageGroup: "FROM_3_YEARS", status: "VACANCIES" }])).toBe(
      AVAILABILITY_MESSAGES.vacancies("De 3 à 6 ans"),
    );
    expect(
      await refused(crèche.id, [
        { ageGroup: "FROM_3_YEARS", status: "FULL" },
        { ageGroup: "FROM_3_YEARS", status: "WAITING_LIST" },
      ]),
    ).toBe(AVAILABILITY_MESSAGES.sameAgeGroupTwice);
    expect(await refused(laep.id, [{ ageGroup: "FROM_3_YEARS", status: "FULL" }])).toBe(
      AVAILABILITY_MESSAGES.notChildCare,
    );
    for (const { id } of [crèche, laep]) {
      expect((await stored(id)).availabilityGroups).toBeNull();
      expect(await trail(id)).toEqual([]);
    }
  });

  it("are given in the sheet editor too, kept when left out, cleared when the sheet is no longer child care", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const sheet = await buildSheet(t.portal.dataSource, {
      userIds: [user!.id],
      availabilityGroups: full,
      availabilityGivenAt: ago({ days: 20 }),
    });
    const sheetInput = (fields: Record<string, unknown> = {}) => ({
      serviceName: sheet.serviceName,
      serviceManager: sheet.serviceManager,
      email: sheet.email,
      phone: sheet.phone,
      fullAddress: sheet.fullAddress,
      city: sheet.city,
      zip: sheet.zip,
      types: ["CRECHE"],
      ages: ["PETITE_ENFANCE"],
      ...fields,
    });
    const update = async (fields: Record<string, unknown>) => {
      const { data, errors } = await agent.graphql(UPDATE, { id: sheet.id, input: sheetInput(fields) });
      expect(errors).toBeUndefined();
      return data.updateService.availability;
    };
    // Left out (a legacy client, a form untouched): kept with its date.
    expect(await update({})).toMatchObject({ summary: "Complet (au 21/10)" });
    expect(
      await update({ availability: { groups: [{ ageGroup: "UNDER_18_MONTHS", status: "VACANCIES", vacancies: 1 }] } }),
    ).toMatchObject({ summary: "1 place disponible (au 10/11)" });
    const [untouched, given] = await trail(sheet.id);
    expect(untouched.fields).not.toContain("availability");
    expect(given.fields).toEqual(["availability"]);
    // A LAEP has no places: the sheet's are dropped.
    expect(await update({ types: ["LAEP"] })).toBeNull();
    expect((await stored(sheet.id)).availabilityGroups).toBeNull();
    const refused = await agent.graphql(UPDATE, {
      id: sheet.id,
      input: sheetInput({ types: ["LAEP"], availability: { groups: [{ ageGroup: "FROM_3_YEARS", status: "FULL" }] } }),
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: AVAILABILITY_MESSAGES.notChildCare,
      extensions: { fields: { availability: AVAILABILITY_MESSAGES.notChildCare } },
    });
  });

  describe("« Avec des places disponibles »", () => {
    const LESCAR = { latitude: 43.3335, longitude: -0.4349 };
    const seed = async () => {
      const ds = t.portal.dataSource;
      const build = (serviceName: string, fields: Partial<Sheet> = {}) =>
        buildSheet(ds, { serviceName, ...LESCAR, city: "Lescar", zip: "64230", ...fields });
      await build("Crèche avec places", { availabilityGroups: places(2), availabilityGivenAt: ago({ days: 3 }) });
      await build("Micro-crèche aux places de deux mois", {
        types: [ServiceType.MICRO_CRECHE],
        availabilityGroups: places(1),
        availabilityGivenAt: ago({ months: 2 }),
      });
      await build("Crèche aux places anciennes", {
        availabilityGroups: places(3),
        availabilityGivenAt: ago({ months: 2, days: 1 }),
      });
      await build("Crèche complète", { availabilityGroups: full, availabilityGivenAt: ago({ days: 3 }) });
      await build("Crèche sans places données");
      await build("Halte-garderie de Bayonne", {
        types: [ServiceType.DROP_IN_NURSERY],
        city: "Bayonne",
        zip: "64100",
        epci: "CA du Pays Basque",
        latitude: null,
        longitude: null,
        availabilityGroups: places(4),
        availabilityGivenAt: ago({ days: 10 }),
      });
    };
    const names = async (input: Record<string, unknown>) => {
      const { data, errors } = await t.graphql<any>(SEARCH, { input });
      expect(errors).toBeUndefined();
      expect(data.services.count).toBe(data.services.results.length);
      return data.services.results.map((row: { serviceName: string }) => row.serviceName);
    };

    it("finds the places given in the last two months, never older ones, with every other criterion", async () => {
      await seed();
      const current = ["Crèche avec places", "Halte-garderie de Bayonne", "Micro-crèche aux places de deux mois"];
      expect(await names({ withVacancies: true })).toEqual(current);
      expect(await names({ withVacancies: true, types: ["CRECHE"] })).toEqual(["Crèche avec places"]);
      expect(await names({ withVacancies: true, locations: ["Lescar"] })).toEqual([
        "Crèche avec places",
        "Micro-crèche aux places de deux mois",
      ]);
      expect(await names({ withVacancies: true, textQuery: "crèche" })).toEqual([
        "Crèche avec places",
        "Micro-crèche aux places de deux mois",
      ]);
      // Around Lescar (both there, ties by id), not the halte-garderie of Bayonne.
      const around = await names({
        withVacancies: true,
        near: { lat: LESCAR.latitude, lon: LESCAR.longitude, radiusKm: 5 },
      });
      expect(around.sort()).toEqual(["Crèche avec places", "Micro-crèche aux places de deux mois"]);
      expect(await names({ withVacancies: false })).toHaveLength(6);

      // A day later the micro-crèche's places are two months and a day old: « à confirmer », not counted.
      clock.now = DateTime.fromJSDate(NOW).plus({ days: 1 }).toJSDate();
      expect(await names({ withVacancies: true })).toEqual(["Crèche avec places", "Halte-garderie de Bayonne"]);
      const { data } = await t.graphql<any>(
        `query { services(input: { textQuery: "deux mois" }) { results { ${AVAILABILITY} } } }`,
      );
      expect(data.services.results[0].availability).toMatchObject({
        current: false,
        summary: "1 place disponible au 10/09, à confirmer",
      });
    });

    it("takes the filter, gives and answers availability on the REST edge; legacy bodies are unchanged", async () => {
      await seed();
      const search = await t.rest("POST", "/api/services/search", { withVacancies: "true", page: 0, pageSize: 15 });
      expect(search.status).toBe(200);
      expect(search.body.results.map((row: { serviceName: string }) => row.serviceName)).toEqual([
        "Crèche avec places",
        "Halte-garderie de Bayonne",
        "Micro-crèche aux places de deux mois",
      ]);
      expect(search.body.results[0].availability).toEqual({
        givenAt: ago({ days: 3 }).toISOString(),
        current: true,
        summary: "2 places disponibles (au 07/11)",
        groups: [{ ageGroup: "FROM_18_MONTHS", status: "VACANCIES", vacancies: 2 }],
      });

      const { agent, user } = await actor(t, Role.FULL_PARTNER);
      const sheet = await buildSheet(t.portal.dataSource, { userIds: [user!.id], serviceName: "Crèche du REST" });
      const put = await agent.rest("PUT", `/api/services/availability/${sheet.id}`, {
        groups: [
          { ageGroup: "under_18_months", status: "vacancies", vacancies: "3" },
          { ageGroup: "FROM_3_YEARS", status: "Full", vacancies: "" },
        ],
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ id: sheet.id, fax: null, type: ["CRECHE"] });
      expect(put.body.availability.summary).toBe("3 places disponibles (au 10/11)");
      const refused = await agent.rest("PUT", `/api/services/availability/${sheet.id}`, {
        groups: [{ ageGroup: "FROM_3_YEARS", status: "VACANCIES", vacancies: 0 }],
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { code: "BAD_USER_INPUT", message: AVAILABILITY_MESSAGES.vacancies("De 3 à 6 ans") },
      });
      expect((await newAgent(t).rest("PUT", `/api/services/availability/${sheet.id}`, { groups: [] })).status).toBe(
        401,
      );

      // A legacy client sends back what it read: the sheet is saved, its availability kept.
      const current = await t.rest("GET", `/api/services/current/${sheet.id}`);
      expect(current.body.availability.summary).toBe("3 places disponibles (au 10/11)");
      const updated = await agent.rest("PUT", "/api/services/update", {
        ...current.body,
        serviceManager: "Mme Lafitte",
      });
      expect(updated.status).toBe(200);
      expect(updated.body.availability).toEqual(current.body.availability);
    });
  });
});
