import { DateTime } from "luxon";
import { type DataSource, type EntityManager } from "typeorm";
import { insertRows } from "../../modules/common/facets";
import { type TownData, type TownRecord } from "../../modules/geo/town-data";
import { MediaFacet } from "../../modules/media/media-facet.entity";
import { Media } from "../../modules/media/media.entity";
import { mediaFacets, mediaRecord } from "../../modules/media/media-record";
import {
  Age,
  Category,
  Network,
  Role,
  ServiceType,
  Thematic,
  UserStatus,
} from "../../modules/reference/reference.data";
import { SheetFacet } from "../../modules/sheets/sheet-facet.entity";
import { Sheet } from "../../modules/sheets/sheet.entity";
import { sheetFacets, sheetRecord } from "../../modules/sheets/sheet.service";
import { User } from "../../modules/users/user.entity";
import { demoHours } from "./demo-hours";
import { demoAvailability } from "./demo-availability";
import { DEMO_EVENTS, DEMO_NEWS, DEMO_RESOURCES, DEMO_SERVICES, type DemoArticle } from "./demo-data";

/**
 * A département's years of content, generated for measuring (npm run seed:scale): media,
 * services and accounts with the same derived columns and facets as the application writes
 * (mediaRecord, mediaFacets, sheetRecord, sheetFacets, the user's search column), inserted
 * in batches. Texts are the demo's French articles and services, placed in every town of the
 * département over the years. Deterministic for a given seed. Titles start with « [Généré] ».
 */
export interface ScaleOptions {
  media: number;
  services: number;
  users: number;
  /** Years of history the media are spread over, ending today. */
  years?: number;
  seed?: number;
}

export interface ScaleCounts {
  media: number;
  services: number;
  users: number;
}

const BATCH = 400;
const FIRST_NAMES = [
  "Camille",
  "Léa",
  "Manon",
  "Inès",
  "Jade",
  "Louise",
  "Chloé",
  "Emma",
  "Hugo",
  "Lucas",
  "Nathan",
  "Théo",
  "Maël",
  "Gabriel",
  "Arthur",
  "Jules",
  "Élodie",
  "Sandrine",
  "Nathalie",
  "Isabelle",
  "Christophe",
  "Mathieu",
  "Amaia",
  "Peio",
  "Maialen",
  "Xabi",
  "Garazi",
  "Beñat",
  "Ainhoa",
  "Iñaki",
];
const LAST_NAMES = [
  "Etcheverry",
  "Dupont",
  "Lafitte",
  "Larrieu",
  "Bordenave",
  "Haristoy",
  "Cazenave",
  "Lacoste",
  "Martin",
  "Bernard",
  "Petit",
  "Durand",
  "Lefèvre",
  "Moreau",
  "Laurent",
  "Fontaine",
  "Oyharçabal",
  "Garat",
  "Camdessus",
  "Laborde",
  "Lassalle",
  "Pédelucq",
  "Sallaberry",
  "Urruty",
  "Ithurralde",
  "Mendiondo",
];
const STREETS = [
  "rue des Écoles",
  "avenue de la Gare",
  "place de la Mairie",
  "rue du Stade",
  "chemin des Vergers",
  "rue du Fronton",
  "allée des Platanes",
  "route de Bayonne",
  "boulevard des Pyrénées",
  "impasse du Moulin",
];
const VENUES = ["Maison de quartier", "Médiathèque", "Salle des fêtes", "Centre social", "Espace jeunes", "Ludothèque"];

/** A small, fast, seeded random generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const count = min + int(max - min + 1);
    const chosen = new Set<T>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(pick(items));
    return [...chosen];
  };
  return { next, int, pick, some };
}

const quill = (...paragraphs: string[]) => JSON.stringify({ ops: [{ insert: paragraphs.join("\n\n") + "\n" }] });
const phone = (rng: ReturnType<typeof random>, prefix: string) =>
  `${prefix} ${[0, 0, 0, 0].map(() => String(rng.int(100)).padStart(2, "0")).join(" ")}`;

async function inBatches<T>(
  dataSource: DataSource,
  total: number,
  make: (index: number) => T,
  write: (manager: EntityManager, rows: T[]) => Promise<void>,
) {
  for (let start = 0; start < total; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - start) }, (_, offset) => make(start + offset));
    await dataSource.transaction((manager) => write(manager, rows));
  }
}

/** Facet rows in statements of at most 4,000 rows (SQLite takes 32,766 variables per statement). */
async function insertInChunks<T extends object>(manager: EntityManager, target: new () => T, rows: T[]) {
  for (let start = 0; start < rows.length; start += 3000) {
    await insertRows(manager, target, rows.slice(start, start + 3000));
  }
}

/** Writes the generated content; the database must not hold generated content already. */
export async function seedScaleContent(
  dataSource: DataSource,
  towns: TownData,
  options: ScaleOptions,
  progress: (step: string, done: number, total: number) => void = () => undefined,
): Promise<ScaleCounts> {
  const rng = random(options.seed ?? 64);
  const now = DateTime.now().setZone("Europe/Paris");
  const years = options.years ?? 8;
  const places = towns.towns;
  const epcis = [...new Set(places.map((town) => town.epci).filter((epci): epci is string => epci !== null))];

  // Accounts: partners own the content; a few requests wait; some accounts were deleted.
  const partnerIds: string[] = [];
  const users = Math.max(options.users, 1);
  await inBatches(
    dataSource,
    users,
    (index) => {
      const place = rng.pick(places);
      // `name` is the « Nom » (family name) and `surname` the « Prénom », as the forms label them.
      const firstName = rng.pick(FIRST_NAMES);
      const familyName = rng.pick(LAST_NAMES);
      const role = index % 10 < 6 ? Role.FULL_PARTNER : index % 10 < 9 ? Role.NEWS_PARTNER : Role.BASIC_USER;
      const status =
        index % 25 === 0
          ? UserStatus.LOCAL
          : index % 25 === 1
            ? UserStatus.PENDING
            : index % 25 === 2
              ? UserStatus.DELETED
              : UserStatus.CONFIRMED;
      const createdAt = now.minus({ days: rng.int(years * 365) }).toJSDate();
      const user = Object.assign(new User(), {
        id: `00000000-5ca1-4000-8000-${String(index).padStart(12, "0")}`,
        name: familyName,
        surname: firstName,
        email: `${firstName}.${familyName}.${index}@exemple.fr`
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase(),
        phone: phone(rng, "05"),
        mobile: index % 3 === 0 ? phone(rng, "06") : null,
        role,
        status,
        createdAt,
        updatedAt: createdAt,
        expiration: index % 7 === 0 ? now.plus({ months: 1 + rng.int(24) }).toISODate() : null,
        networks: role === Role.BASIC_USER ? [] : rng.some(Object.values(Network), 0, 2),
        justify: status === UserStatus.LOCAL ? "Demande de compte partenaire pour publier nos actualités." : null,
        fullAddress: `${1 + rng.int(60)} ${rng.pick(STREETS)}, ${place.fullAddress}`,
        city: place.city,
        epci: place.epci,
        passwordHash: null,
      });
      user.refreshSearchText();
      if (role !== Role.BASIC_USER && status === UserStatus.CONFIRMED) partnerIds.push(user.id);
      return user;
    },
    async (manager, rows) => {
      await manager.insert(User, rows);
      progress("users", rows.length, users);
    },
  );
  if (partnerIds.length === 0) partnerIds.push(`00000000-5ca1-4000-8000-${"0".repeat(12)}`);

  // Media: a third each of news, events and resources, spread over the years; 10 % reserved.
  const templates: [Category, readonly DemoArticle[]][] = [
    [Category.NEW, DEMO_NEWS],
    [Category.EVENT, DEMO_EVENTS],
    [Category.RESOURCE, DEMO_RESOURCES],
  ];
  const span = years * 365 * 24 * 60;
  await inBatches(
    dataSource,
    options.media,
    (index) => {
      const [category, items] = templates[index % 3];
      const item = rng.pick(items);
      const place = rng.pick(places);
      const scope = rng.next();
      // Most concern one town (and so its EPCI), some a whole EPCI, a few the whole département.
      const city = scope < 0.75 ? [place.city] : [];
      const epci = scope < 0.95 && place.epci ? [place.epci] : [];
      const createdAt = now.minus({ minutes: rng.int(span) });
      const start = createdAt.plus({ days: 3 + rng.int(60) }).set({ hour: 9 + rng.int(10), minute: 0, second: 0 });
      const event = category === Category.EVENT;
      const draft = {
        title: `[Généré] ${item.title}${city.length ? ` à ${place.city}` : ""}`,
        description: item.summary,
        article: quill(item.summary, ...item.body),
        mainPicture: null,
        categories: [category],
        userIds: [rng.pick(partnerIds)],
        files: [],
        ages: rng.some(Object.values(Age), 1, 3),
        thematics: rng.some(Object.values(Thematic), 0, 2),
        epci,
        city,
        networks: rng.next() < 0.1 ? rng.some(Object.values(Network), 1, 2) : [],
        eventFrom: event ? start.toJSDate() : null,
        eventTo: event ? start.plus(rng.next() < 0.1 ? { days: 1 + rng.int(30) } : { hours: 2 }).toJSDate() : null,
        eventAddress: event
          ? `${rng.pick(VENUES)}, ${1 + rng.int(60)} ${rng.pick(STREETS)}, ${place.fullAddress}`
          : null,
        contactEmail: null,
        contactPhone: null,
        registrationUrl: null,
        latitude: city.length ? place.latitude : null,
        longitude: city.length ? place.longitude : null,
        createdAt: createdAt.toJSDate(),
      };
      return mediaRecord(draft, createdAt.toJSDate());
    },
    async (manager, rows) => {
      await manager.insert(Media, rows);
      await insertInChunks(manager, MediaFacet, rows.flatMap(mediaFacets));
      progress("media", rows.length, options.media);
    },
  );

  // Services: every kind, in every town of the département.
  await inBatches(
    dataSource,
    options.services,
    (index) => {
      const item = rng.pick(DEMO_SERVICES);
      const place: TownRecord = rng.pick(places);
      const createdAt = now.minus({ days: rng.int(years * 365) }).toJSDate();
      const jitter = () => (rng.next() - 0.5) * 0.02;
      const neighbour = rng.pick(epcis);
      const types = item.types.length ? item.types : [rng.pick(Object.values(ServiceType))];
      return sheetRecord(
        {
          serviceName: `[Généré] ${item.name} ${place.city} ${index + 1}`,
          serviceManager: rng.next() < 0.5 ? `Mairie de ${place.city}` : `Association ${rng.pick(LAST_NAMES)}`,
          userIds: [rng.pick(partnerIds)],
          email: `structure${index + 1}@exemple.fr`,
          phone: phone(rng, "05"),
          mobile: index % 3 === 0 ? phone(rng, "06") : null,
          website: index % 4 === 0 ? `https://exemple.fr/structure${index + 1}` : null,
          externalLink: null,
          mainPicture: null,
          fullAddress: `${1 + rng.int(60)} ${rng.pick(STREETS)}, ${place.fullAddress}`,
          city: place.city,
          zip: place.postcodes[0] ?? "",
          epci: place.epci ?? "",
          latitude: place.latitude === null ? null : place.latitude + jitter(),
          longitude: place.longitude === null ? null : place.longitude + jitter(),
          types,
          ages: item.ages,
          coveredLocations: item.coversNeighbours && neighbour !== place.epci ? [neighbour] : [],
          description: quill(item.description),
          // Three sheets in four give hours (one of them by appointment), as the demo's do.
          hours: demoHours(index + 1, now),
          // Child care sheets give their places, as the demo's do (one in four long ago).
          ...demoAvailability(index, now, types),
          createdAt,
        },
        createdAt,
      );
    },
    async (manager, rows) => {
      await manager.insert(Sheet, rows);
      await insertInChunks(manager, SheetFacet, rows.flatMap(sheetFacets));
      progress("services", rows.length, options.services);
    },
  );

  return { media: options.media, services: options.services, users };
}

/** Removes what seedScaleContent wrote (titles and names « [Généré] », its accounts). */
export async function removeScaleContent(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`DELETE FROM media_facet WHERE mediaId IN (SELECT id FROM media WHERE title LIKE '[Généré]%')`);
    await manager.query(`DELETE FROM media WHERE title LIKE '[Généré]%'`);
    await manager.query(
      `DELETE FROM service_facet WHERE serviceId IN (SELECT id FROM service WHERE serviceName LIKE '[Généré]%')`,
    );
    await manager.query(`DELETE FROM service WHERE serviceName LIKE '[Généré]%'`);
    await manager.query(`DELETE FROM users WHERE id LIKE '00000000-5ca1-%'`);
  });
}
