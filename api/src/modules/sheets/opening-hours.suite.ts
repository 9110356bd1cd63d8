import { expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { buildSheet, Role } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { cleanWeeklyHours, type WeeklyHoursDraft } from "./opening-hours";
import { parseOsmOpeningHours } from "./opening-hours-formats";
import { Sheet } from "./sheet.entity";

const HOURS = `openingHours { osm closedOnPublicHolidays week { day label byAppointment ranges { start end } }
  closures { from to note } specialOpenings { date note ranges { start end } } }`;
const UPDATE = `mutation ($id: ID!, $input: ServiceInput!) { updateService(id: $id, input: $input) { id ${HOURS} } }`;
const READ = `query ($id: ID!) { service(id: $id) { id ${HOURS} openingStatus { state label openNow } } }`;
const SEARCH = `query ($input: ServiceSearchInput!) { services(input: $input) { count results { serviceName } } }`;

const weekdays = (start: string, end: string) =>
  ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"].map((day) => ({ day, ranges: [{ start, end }] }));

/** A sheet's fields as ServiceInput, from a stored service. */
const inputOf = (service: Sheet, fields: Record<string, unknown> = {}) => ({
  serviceName: service.serviceName,
  serviceManager: service.serviceManager,
  email: service.email,
  phone: service.phone,
  fullAddress: service.fullAddress,
  city: service.city,
  zip: service.zip,
  types: service.types,
  ages: service.ages,
  coveredLocations: [],
  ...fields,
});

/** Opening hours: stored, shown, kept by legacy clients, searched (« ouvert maintenant », « le samedi »). */
export function openingHoursSuite(): void {
  const t = useTestPortal();

  it("lets a member save the week, closures and exceptional openings, shown in Paris time", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const service = await buildSheet(t.portal.dataSource, { userIds: [user!.id] });
    const openingHours = {
      week: [
        ...weekdays("08:30", "12:30"),
        { day: "SATURDAY", ranges: [{ start: "09:00", end: "12:00" }], byAppointment: true },
      ],
      closures: [{ from: "2030-12-22", to: "2031-01-02", note: "Vacances" }],
      specialOpenings: [{ date: "2030-12-28", ranges: [{ start: "10:00", end: "12:00" }] }],
    };
    const { data, errors } = await agent.graphql(UPDATE, { id: service.id, input: inputOf(service, { openingHours }) });
    expect(errors?.[0]?.message).toBeUndefined();
    const saved = data.updateService.openingHours;
    expect(saved.osm).toBe(
      'Mo-Fr 08:30-12:30; Sa 09:00-12:00 "sur rendez-vous"; PH off; 2030 Dec 22-2031 Jan 02 off "Vacances"; ' +
        "2030 Dec 28 10:00-12:00 open",
    );
    expect(() => parseOsmOpeningHours(saved.osm)).not.toThrow();
    expect(saved.week).toHaveLength(7);
    expect(saved.week[6]).toEqual({ day: "SUNDAY", label: "Dimanche", byAppointment: false, ranges: [] });
    const read = await agent.graphql(READ, { id: service.id });
    expect(read.data.service.openingStatus.label).toMatch(
      /^(Ouvert aujourd'hui 8h30–12h30|Sur rendez-vous aujourd'hui 9h–12h|Fermé (pour )?aujourd'hui( \(jour férié\))?( · ouvre (demain|lundi|mardi|mercredi|jeudi|vendredi) à 8h30)?)$/,
    );

    // A legacy client's update (no hours in its body) keeps them; the hours it read come back whole.
    const legacy = await agent.rest("PUT", "/api/services/update", { ...inputOf(service), id: service.id, fax: "" });
    expect(legacy.status).toBe(200);
    expect(legacy.body.openingHours.osm).toBe(saved.osm);
    const roundTrip = await agent.rest("PUT", "/api/services/update", {
      ...inputOf(service),
      id: service.id,
      openingHours: legacy.body.openingHours,
    });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body.openingHours.osm).toBe(saved.osm);

    // Null clears them.
    const cleared = await agent.graphql(UPDATE, { id: service.id, input: inputOf(service, { openingHours: null }) });
    expect(cleared.data.updateService.openingHours).toBeNull();
  });

  it("refuses impossible hours with a French message and changes nothing", async () => {
    const { agent, user } = await actor(t, Role.FULL_PARTNER);
    const service = await buildSheet(t.portal.dataSource, {
      userIds: [user!.id],
      hours: cleanWeeklyHours({ week: [{ day: "mo", ranges: [{ start: "09:00", end: "17:00" }] }] }, "2026-01-01"),
    });
    const bad = {
      week: [
        {
          day: "TUESDAY",
          ranges: [
            { start: "08:00", end: "12:00" },
            { start: "11:00", end: "14:00" },
          ],
        },
      ],
    };
    const { errors } = await agent.graphql(UPDATE, { id: service.id, input: inputOf(service, { openingHours: bad }) });
    expect(errors?.[0]).toMatchObject({
      message: "Mardi : des plages horaires se chevauchent.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    const stored = await t.portal.dataSource.getRepository(Sheet).findOneByOrFail({ id: service.id });
    expect(stored.hours?.week[0].ranges).toEqual([{ start: "09:00", end: "17:00" }]);
  });

  it("finds the services open at an instant and on a day of the week", async () => {
    const ds = t.portal.dataSource;
    const hours = (draft: WeeklyHoursDraft) => cleanWeeklyHours(draft, "2026-01-01");
    const day = (d: "mo" | "tu" | "we" | "th" | "fr" | "sa" | "su", start: string, end: string) => ({
      day: d,
      ranges: [{ start, end }],
    });
    const weekdaysOf = (start: string, end: string) =>
      (["mo", "tu", "we", "th", "fr"] as const).map((d) => day(d, start, end));
    const pau = { latitude: 43.2951, longitude: -0.3708 };
    await buildSheet(ds, {
      serviceName: "A Crèche en semaine",
      hours: hours({ week: weekdaysOf("08:00", "18:00") }),
      ...pau,
    });
    await buildSheet(ds, {
      serviceName: "B Relais du samedi",
      ...pau,
      hours: hours({ week: [day("sa", "09:00", "12:00"), day("we", "14:00", "17:00")] }),
    });
    await buildSheet(ds, {
      serviceName: "C Médiation sur rendez-vous",
      hours: hours({ week: [{ day: "mo", ranges: [{ start: "08:00", end: "18:00" }], byAppointment: true }] }),
    });
    await buildSheet(ds, {
      serviceName: "D Centre fermé pour travaux",
      hours: hours({
        week: weekdaysOf("08:00", "18:00"),
        closures: [{ from: "2026-12-14", to: "2026-12-20", note: "Travaux" }],
        specialOpenings: [{ date: "2026-12-19", ranges: [{ start: "10:00", end: "12:00" }], note: null }],
      }),
    });
    await buildSheet(ds, { serviceName: "E Sans horaires" });

    const open = async (input: Record<string, unknown>) => {
      const { data, errors } = await t.graphql<{ services: { count: number; results: { serviceName: string }[] } }>(
        SEARCH,
        { input: { page: 0, pageSize: 15, ...input } },
      );
      expect(errors).toBeUndefined();
      expect(data!.services.count).toBe(data!.services.results.length);
      return data!.services.results.map((service) => service.serviceName[0]).join("");
    };
    // Monday 14 December 2026, 09:30 in Paris (08:30 UTC): D is closed for works, C by appointment.
    expect(await open({ openAt: "2026-12-14T08:30:00Z" })).toBe("A");
    expect(await open({ openAt: "2026-12-07T08:30:00Z" })).toBe("AD");
    expect(await open({ openAt: "2026-12-14T08:30:00.000Z", types: ["CRECHE"] })).toBe("A");
    expect(await open({ openAt: "2026-12-07T17:05:00Z" })).toBe(""); // 18:05
    // Saturday 19 December, 10:30: the relay, and D's exceptional opening during its closure.
    expect(await open({ openAt: "2026-12-19T09:30:00Z" })).toBe("BD");
    expect(await open({ openAt: "2026-12-19T09:30:00Z", textQuery: "relais" })).toBe("B");
    // Friday 25 December (public holiday): closed.
    expect(await open({ openAt: "2026-12-25T09:30:00Z" })).toBe("");
    // Summer time: Monday 6 July 2026, 08:15 in Paris is 06:15 UTC (closed), 08:05 Paris is 06:05 UTC.
    expect(await open({ openAt: "2026-07-06T06:15:00Z" })).toBe("AD");
    expect(await open({ openAt: "2026-07-06T05:55:00Z" })).toBe("");
    // Around a place (D has no position): the same rule.
    const nearPau = { lat: 43.3, lon: -0.37, radiusKm: 20 };
    expect(await open({ openAt: "2026-12-07T08:30:00Z", near: nearPau })).toBe("A");
    expect(await open({ openAt: "2026-12-19T09:30:00Z", near: nearPau })).toBe("B");
    expect(await open({ openOn: ["SATURDAY"] })).toBe("B");
    expect(await open({ openOn: ["SATURDAY", "WEDNESDAY"] })).toBe("ABD");
    const rest = await t.rest("POST", "/api/services/search", { openOn: ["SATURDAY"], page: 0 });
    expect(rest.body.results.map((service: { serviceName: string }) => service.serviceName)).toEqual([
      "B Relais du samedi",
    ]);
  });
}
