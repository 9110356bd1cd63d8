import { DateTime } from "luxon";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type DataSource } from "typeorm";
import { viewerOf } from "../../policies/viewer";
import { logger } from "../../logger";
import { type TownData, type TownRecord } from "../../modules/geo/town-data";
import { Media } from "../../modules/media/media.entity";
import { Category, Network, Role, UserStatus } from "../../modules/reference/reference.data";
import { Sheet } from "../../modules/sheets/sheet.entity";
import { User } from "../../modules/users/user.entity";
import { type Services } from "../../container";
import { demoHours } from "./demo-hours";
import { demoAvailability } from "./demo-availability";
import {
  DEMO_EVENTS,
  DEMO_NEWS,
  DEMO_RESOURCES,
  DEMO_SERVICES,
  type DemoArticle,
  type DemoPicture,
  PREFERRED_DEMO_TOWNS,
} from "./demo-data";

/** The committed pictures, beside the sources (api/src/db/seed/pictures), from src/ or dist/. */
const PICTURES_DIR = join(__dirname, "..", "..", "..", "src", "db", "seed", "pictures");
const TOWN_COUNT = 20;
const STREETS = ["rue des Écoles", "avenue de la Gare", "place de la Mairie", "rue du Stade", "chemin des Vergers"];

/** A Quill document made of plain paragraphs. */
const quill = (...paragraphs: string[]) => JSON.stringify({ ops: [{ insert: paragraphs.join("\n\n") + "\n" }] });

/**
 * The demo's towns: those named in the demo data when the department has them, then
 * one more per EPCI in turn, all with known coordinates.
 */
export function demoTowns(data: TownData, count = TOWN_COUNT): TownRecord[] {
  const located = data.towns.filter((town) => town.latitude !== null && town.longitude !== null);
  const picked = PREFERRED_DEMO_TOWNS.map((name) => located.find((town) => town.city === name)).filter(
    (town): town is TownRecord => town !== undefined,
  );
  const byEpci = new Map<string | null, TownRecord[]>();
  for (const town of located) {
    if (!picked.includes(town)) byEpci.set(town.epci, [...(byEpci.get(town.epci) ?? []), town]);
  }
  while (picked.length < count && [...byEpci.values()].some((towns) => towns.length > 0)) {
    for (const towns of byEpci.values()) {
      const next = towns.shift();
      if (next && picked.length < count) picked.push(next);
    }
  }
  return picked.slice(0, count);
}

/** A point a few hundred metres from the town centre, always the same for the same index. */
const near = (town: TownRecord, index: number) => {
  const angle = (index * 137.5 * Math.PI) / 180;
  const distance = 0.002 + (index % 5) * 0.0015;
  return {
    latitude: town.latitude! + distance * Math.sin(angle),
    longitude: town.longitude! + distance * Math.cos(angle),
  };
};

/**
 * Fictional demo content for a fresh, empty database (DEMO_CONTENT=true): a small living
 * département of about sixty news, events (over the coming three months) and resources,
 * and forty services of every kind in twenty towns, with pictures. The demo account
 * owning them has no password and cannot sign in.
 */
export async function seedDemoContent(dataSource: DataSource, services: Services, towns: TownData): Promise<boolean> {
  const [mediaCount, serviceCount] = await Promise.all([
    dataSource.getRepository(Media).count(),
    dataSource.getRepository(Sheet).count(),
  ]);
  if (mediaCount > 0 || serviceCount > 0) return false;
  const places = demoTowns(towns);
  if (places.length === 0) {
    logger.warn("demo.skipped", { reason: "no town with coordinates" });
    return false;
  }
  const at = (index: number) => places[index % places.length];

  const now = new Date();
  const owner = await dataSource.getRepository(User).save(
    Object.assign(new User(), {
      id: randomUUID(),
      name: "Démonstration",
      surname: "Partenaire",
      email: "partenaire.demo@example.org",
      phone: "05 36 49 00 00",
      mobile: null,
      role: Role.FULL_PARTNER,
      status: UserStatus.CONFIRMED,
      createdAt: now,
      updatedAt: now,
      expiration: null,
      networks: [Network.EAJE],
      justify: "Compte de démonstration (contenu fictif).",
      fullAddress: null,
      city: null,
      epci: null,
      passwordHash: null,
    }),
  );

  // Each picture is stored once, as an upload of the demo account, and shared.
  const pictures = new Map<DemoPicture, string>();
  const picture = async (name: DemoPicture) => {
    const link = pictures.get(name);
    if (link) return link;
    const bytes = readFileSync(join(PICTURES_DIR, `${name}.webp`));
    const stored = await services.uploads.store(viewerOf(owner), `${name}.webp`, bytes);
    pictures.set(name, stored.link);
    return stored.link;
  };

  const paris = DateTime.now().setZone("Europe/Paris").startOf("day");
  const article = async (index: number, item: DemoArticle, category: Category, extra: Partial<Media> = {}) => {
    const place = at(index);
    await services.media.save({
      title: `[Exemple] ${item.title}`,
      article: quill(item.summary, ...item.body),
      description: item.summary,
      mainPicture: await picture(item.picture),
      userIds: [owner.id],
      files: [],
      categories: [category],
      ages: item.ages,
      thematics: item.thematics,
      networks: item.networks ?? [],
      epci: place.epci ? [place.epci] : [],
      city: [place.city],
      eventFrom: null,
      eventTo: null,
      eventAddress: null,
      contactEmail: null,
      contactPhone: null,
      registrationUrl: null,
      latitude: place.latitude,
      longitude: place.longitude,
      // Mornings of past days; never later than now (between midnight and 9:00 the newest is « just now »).
      createdAt: DateTime.min(
        paris.minus({ days: index * 2, hours: index % 7 }).plus({ hours: 9 }),
        DateTime.now().minus({ minutes: index + 1 }),
      ).toJSDate(),
      ...extra,
    });
  };

  for (const [index, item] of DEMO_NEWS.entries()) await article(index, item, Category.NEW);
  for (const [index, item] of DEMO_EVENTS.entries()) {
    const place = at(index + 3);
    const start = paris.plus({ days: item.inDays, hours: item.at });
    await article(index + 3, item, Category.EVENT, {
      eventFrom: start.toJSDate(),
      eventTo: start.plus({ hours: item.hours }).toJSDate(),
      eventAddress: `${item.venue} (adresse fictive), ${place.fullAddress}`,
      // One event in three names its (fictional) organiser's contact; one in two of those takes registrations.
      ...(index % 3 === 0
        ? {
            contactEmail: `evenement${String(index + 1).padStart(2, "0")}@exemple.invalid`,
            contactPhone: "05 59 00 00 00",
            registrationUrl: index % 2 === 0 ? "https://exemple.invalid/inscription" : null,
          }
        : {}),
      createdAt: paris.minus({ days: index % 9, hours: 2 }).toJSDate(),
    });
  }
  for (const [index, item] of DEMO_RESOURCES.entries()) await article(index + 7, item, Category.RESOURCE);

  const epcis = [...new Set(places.map((town) => town.epci).filter((epci): epci is string => epci !== null))];
  for (const [index, item] of DEMO_SERVICES.entries()) {
    const place = at(index);
    const number = String(index + 10).padStart(2, "0");
    const slug = `structure${number}`;
    const neighbour = epcis[(epcis.indexOf(place.epci ?? "") + 1) % epcis.length];
    await services.sheets.save({
      serviceName: `[Exemple] ${item.name}`,
      serviceManager: "Gestionnaire fictif",
      userIds: [owner.id],
      email: `${slug}@example.org`,
      phone: `05 36 49 00 ${number}`,
      mobile: index % 3 === 0 ? `06 39 98 00 ${number}` : null,
      website: index % 4 === 0 ? `https://example.org/${slug}` : null,
      externalLink: null,
      mainPicture: null,
      fullAddress: `${(index % 40) + 1} ${STREETS[index % STREETS.length]}, ${place.fullAddress}`,
      city: place.city,
      zip: place.postcodes[0] ?? "",
      epci: place.epci ?? "",
      ...near(place, index),
      types: item.types,
      ages: item.ages,
      coveredLocations: item.coversNeighbours && neighbour && neighbour !== place.epci ? [neighbour] : [],
      description: quill(item.description, "Structure fictive de démonstration."),
      hours: demoHours(index, paris),
      ...demoAvailability(index, paris, item.types),
    });
  }
  logger.info("demo.seeded", {
    media: DEMO_NEWS.length + DEMO_EVENTS.length + DEMO_RESOURCES.length,
    services: DEMO_SERVICES.length,
    towns: new Set(DEMO_SERVICES.map((_, index) => at(index).city)).size,
  });
  return true;
}
