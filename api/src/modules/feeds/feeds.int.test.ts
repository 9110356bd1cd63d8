import { XMLParser, XMLValidator } from "fast-xml-parser";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { actor } from "../../../test/agent";
import { Age, buildMedia, Category, Network } from "../../../test/factories";
import { useTestPortal } from "../../../test/portal";
import { Role, Thematic } from "../reference/reference.data";
import { feedLinks } from "./feeds";

const DAY = 86_400_000;
const PUBLIC_URL = "https://parentalite.example.fr";

interface RssItem {
  title: string;
  link: string;
  guid: { "#text": string; "@_isPermaLink": string };
  pubDate: string;
  category?: string | string[];
}

/** An RSS 2.0 document checked for well-formedness and its required elements, then read. */
function readRss(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" }).parse(text);
  expect(parsed.rss["@_version"]).toBe("2.0");
  const channel = parsed.rss.channel;
  for (const required of ["title", "link", "description"]) expect(channel[required], required).toBeTruthy();
  const items: RssItem[] = channel.item ?? [];
  for (const item of items) {
    expect(item.link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(item.guid["#text"]).toBe(item.link);
    expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
  }
  return { channel, titles: items.map((item) => item.title), items };
}

/** The events of an iCalendar feed, read by Mozilla's parser. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("feeds of the public lists (RSS 2.0 and iCalendar)", () => {
  const t = useTestPortal({ PUBLIC_URL });

  const seed = async () => {
    const ds = t.portal.dataSource;
    const now = Date.now();
    await buildMedia(ds, {
      title: "Crèche ouverte à Pau",
      description: "Nouvelle crèche <municipale> & accueil d'urgence.",
      categories: [Category.NEW],
      ages: [Age.PETITE_ENFANCE],
      city: ["Pau"],
      createdAt: new Date(now - 3 * DAY),
    });
    await buildMedia(ds, {
      title: "Note du réseau RPE",
      categories: [Category.NEW],
      networks: [Network.RPE],
      createdAt: new Date(now - DAY),
    });
    await buildMedia(ds, {
      title: "Guide du logement",
      categories: [Category.RESOURCE],
      thematics: [Thematic.HOUSING],
      createdAt: new Date(now - 2 * DAY),
    });
    await buildMedia(ds, {
      title: "Fête des familles à Pau",
      categories: [Category.EVENT],
      ages: [Age.ENFANCE],
      city: ["Pau"],
      eventFrom: new Date(now + 10 * DAY),
      eventTo: new Date(now + 10 * DAY + 3 * 3600_000),
      createdAt: new Date(now - 5 * DAY),
    });
    await buildMedia(ds, {
      title: "Atelier ados à Bayonne",
      categories: [Category.EVENT],
      ages: [Age.ADOLESCENCE],
      city: ["Bayonne"],
      eventFrom: new Date(now + 4 * DAY),
      createdAt: new Date(now - 6 * DAY),
    });
    await buildMedia(ds, {
      title: "Atelier passé",
      categories: [Category.EVENT],
      eventFrom: new Date(now - 20 * DAY),
      createdAt: new Date(now - 30 * DAY),
    });
    await buildMedia(ds, {
      title: "Réunion RPE",
      categories: [Category.EVENT],
      networks: [Network.RPE],
      eventFrom: new Date(now + 2 * DAY),
      createdAt: new Date(now - 4 * DAY),
    });
  };

  it("lists public news and events, newest first, in valid RSS 2.0 with the list's filters", async () => {
    await seed();
    const response = await t.rest("GET", "/flux/actualites.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const { channel, titles, items } = readRss(response.body as string);
    expect(channel.title).toBe("Nouveautés, évènements – Portail parentalité");
    expect(channel.link).toBe(`${PUBLIC_URL}/actualites`);
    expect(channel["atom:link"]["@_href"]).toBe(`${PUBLIC_URL}/flux/actualites.xml`);
    expect(titles).toEqual([
      "Crèche ouverte à Pau",
      "Fête des familles à Pau",
      "Atelier ados à Bayonne",
      "Atelier passé",
    ]);
    expect(items[0]).toMatchObject({ category: "Actualité" });
    expect(response.body).toContain("Nouvelle crèche &lt;municipale&gt; &amp; accueil d&apos;urgence.");

    const filtered = await t.rest("GET", "/flux/actualites.xml?ages=ENFANCE,PETITE_ENFANCE&towns=Pau");
    expect(readRss(filtered.body as string).titles).toEqual(["Crèche ouverte à Pau", "Fête des familles à Pau"]);
    const resources = await t.rest("GET", "/flux/ressources.xml?thematics=HOUSING");
    expect(readRss(resources.body as string).titles).toEqual(["Guide du logement"]);
  });

  it("lists the events to come in a valid iCalendar, public ones only, with the filters", async () => {
    await seed();
    const response = await t.rest("GET", "/flux/evenements.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(readCalendar(response.body as string).map((event) => event.summary)).toEqual([
      "Atelier ados à Bayonne",
      "Fête des familles à Pau",
    ]);
    const teens = await t.rest("GET", "/flux/evenements.ics?ages=ADOLESCENCE");
    expect(readCalendar(teens.body as string).map((event) => event.summary)).toEqual(["Atelier ados à Bayonne"]);
  });

  it("shows public content only, even to a signed-in administrator, and never takes networks", async () => {
    await seed();
    const admin = (await actor(t, Role.ADMIN)).agent;
    const news = await admin.rest("GET", "/flux/actualites.xml?networks=RPE");
    expect(readRss(news.body as string).titles).not.toContain("Note du réseau RPE");
    const events = await admin.rest("GET", "/flux/evenements.ics");
    expect(readCalendar(events.body as string).map((event) => event.summary)).not.toContain("Réunion RPE");
  });

  it("refuses unknown filter values with a French message, and knows only its three feeds", async () => {
    const wrong = await t.rest("GET", "/flux/actualites.xml?ages=INCONNU");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(wrong.body.message).toMatch(/^Ce flux ne peut pas être produit/);
    const unknown = await t.rest("GET", "/flux/inconnu.xml");
    expect(unknown.status).toBe(404);
  });

  it("names its feeds in the head of the list pages, with their filters", () => {
    expect(feedLinks("/actualites", "?ages=ENFANCE&page=2&networks=RPE", "Portail parentalité")).toBe(
      '<link rel="alternate" type="application/rss+xml" title="Nouveautés, évènements – Portail parentalité" href="/flux/actualites.xml?ages=ENFANCE" />\n' +
        '    <link rel="alternate" type="text/calendar" title="Évènements – Portail parentalité" href="/flux/evenements.ics?ages=ENFANCE" />',
    );
    expect(feedLinks("/ressources", "?q=logement&thematics=HOUSING", "Portail parentalité")).toContain(
      'href="/flux/ressources.xml?q=logement&amp;thematics=HOUSING"',
    );
    expect(feedLinks("/services", "", "Portail parentalité")).toBe("");
  });
});
