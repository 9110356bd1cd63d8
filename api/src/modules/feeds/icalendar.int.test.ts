import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildMedia, Category, Network } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";

/** The events of an iCalendar text, read by Mozilla's parser with the time zones it declares. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("« Ajouter à mon agenda »: one .ics file per event", () => {
  const PUBLIC_URL = "https://parentalite.example.fr";
  const t = useTestPortal({ PUBLIC_URL });

  it("writes the event in Paris time across a clock change, with a stable UID, the place and the page", async () => {
    // Saturday 26 October 2030 10:00 (summer time) to Monday 28 October 18:30 (winter time).
    const event = await buildMedia(t.portal.dataSource, {
      title: "Week-end des familles ; jeux, contes, goûter",
      description:
        "Trois jours de jeux pour petits et grands, avec une ludothèque, des conteuses et un goûter offert par les centres sociaux du territoire.",
      categories: [Category.EVENT],
      eventFrom: new Date("2030-10-26T08:00:00Z"),
      eventTo: new Date("2030-10-28T17:30:00Z"),
      eventAddress: "Salle des fêtes, 2 place du Foirail, 64000 Pau",
    });
    const first = await t.rest("GET", `/api/media/${event.id}/agenda.ics`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="evenement-${event.id}.ics"`);
    const text = first.body as string;
    expect(text.endsWith("\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);

    const [read] = readCalendar(text);
    expect(read.summary).toBe("Week-end des familles ; jeux, contes, goûter");
    expect(read.location).toBe("Salle des fêtes, 2 place du Foirail, 64000 Pau");
    expect(read.description).toMatch(/^Trois jours de jeux .* du territoire\.$/);
    expect(read.startDate.zone.tzid).toBe("Europe/Paris");
    expect(read.startDate.toString()).toBe("2030-10-26T10:00:00");
    expect(read.endDate.toString()).toBe("2030-10-28T18:30:00");
    expect(read.startDate.toJSDate().toISOString()).toBe("2030-10-26T08:00:00.000Z");
    expect(read.endDate.toJSDate().toISOString()).toBe("2030-10-28T17:30:00.000Z");
    expect(read.component.getFirstPropertyValue("url")).toBe(`${PUBLIC_URL}/actualites/${event.id}`);

    // The same UID on every download: a calendar updates its copy rather than adding one.
    const second = await t.rest("GET", `/api/media/${event.id}/agenda.ics`);
    expect(readCalendar(second.body as string)[0].uid).toBe(read.uid);
    expect(read.uid).toBe(`evenement-${event.id}@parentalite.example.fr`);

    // GraphQL gives the same calendar.
    const result = await t.graphql<{ media: { icalendar: string } }>(
      `query ($id: ID!) { media(id: $id) { icalendar } }`,
      { id: event.id },
    );
    expect(readCalendar(result.data!.media.icalendar)[0].uid).toBe(read.uid);
  });

  it("writes an event with a start only, in winter time", async () => {
    const event = await buildMedia(t.portal.dataSource, {
      title: "Conte de Noël",
      categories: [Category.EVENT],
      eventFrom: new Date("2030-12-20T15:00:00Z"),
      city: ["Oloron-Sainte-Marie"],
    });
    const response = await t.rest("GET", `/api/media/${event.id}/agenda.ics`);
    const [read] = readCalendar(response.body as string);
    expect(read.startDate.toString()).toBe("2030-12-20T16:00:00");
    expect(read.component.hasProperty("dtend")).toBe(false);
    expect(read.location).toBe("Oloron-Sainte-Marie");
  });

  it("answers 404 for a news item, an unknown id and an event the visitor may not see", async () => {
    const news = await buildMedia(t.portal.dataSource, { categories: [Category.NEW] });
    const restricted = await buildMedia(t.portal.dataSource, {
      categories: [Category.EVENT],
      eventFrom: new Date("2030-06-01T08:00:00Z"),
      networks: [Network.RPE],
    });
    for (const id of [news.id, "inconnu", restricted.id]) {
      const response = await t.rest("GET", `/api/media/${id}/agenda.ics`);
      expect(response.status, id).toBe(404);
      expect(response.body.code).toBe("NOT_FOUND");
    }
  });
});
