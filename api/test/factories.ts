import { randomUUID } from "node:crypto";
import { type DataSource } from "typeorm";
import { GeoService } from "../src/modules/geo/geo.service";
import { loadTownData, type TownData } from "../src/modules/geo/town-data";
import { MediaService } from "../src/modules/media/media.service";
import { type Media } from "../src/modules/media/media.entity";
import { Age, Category, Network, Role, ServiceType, UserStatus } from "../src/modules/reference/reference.data";
import { SheetService } from "../src/modules/sheets/sheet.service";
import { type Sheet } from "../src/modules/sheets/sheet.entity";
import { User } from "../src/modules/users/user.entity";

let sequence = 0;
const next = () => ++sequence;

let townData: TownData | undefined;
/** The geo gateway the writing services ask (saving does not query it). */
const geoOf = (dataSource: DataSource) => new GeoService(dataSource, (townData ??= loadTownData("64")));

export async function buildUser(dataSource: DataSource, fields: Partial<User> = {}): Promise<User> {
  const n = next();
  const now = new Date();
  const user = Object.assign(new User(), {
    id: randomUUID(),
    name: `Nom${n}`,
    surname: `Prénom${n}`,
    email: `user${n}@example.org`,
    phone: "05 59 00 00 00",
    mobile: null,
    role: Role.NEWS_PARTNER,
    status: UserStatus.CONFIRMED,
    createdAt: now,
    updatedAt: now,
    expiration: null,
    networks: [],
    justify: null,
    fullAddress: null,
    city: null,
    epci: null,
    passwordHash: null,
    ...fields,
  });
  return dataSource.getRepository(User).save(user);
}

export function buildMedia(dataSource: DataSource, fields: Partial<Media> = {}): Promise<Media> {
  const n = next();
  return new MediaService(dataSource, geoOf(dataSource)).save({
    title: `Article ${n}`,
    article: JSON.stringify({ ops: [{ insert: `Texte de l'article ${n}\n` }] }),
    description: null,
    mainPicture: null,
    categories: [Category.NEW],
    userIds: [randomUUID()],
    files: [],
    ages: [],
    thematics: [],
    epci: [],
    city: [],
    networks: [],
    eventFrom: null,
    eventTo: null,
    eventAddress: null,
    contactEmail: null,
    contactPhone: null,
    registrationUrl: null,
    latitude: null,
    longitude: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
    ...fields,
  });
}

export function buildSheet(dataSource: DataSource, fields: Partial<Sheet> = {}): Promise<Sheet> {
  const n = next();
  return new SheetService(dataSource, geoOf(dataSource)).save({
    serviceName: `Structure ${n}`,
    serviceManager: `Gestionnaire ${n}`,
    userIds: [randomUUID()],
    email: `structure${n}@example.org`,
    phone: "05 59 00 00 00",
    mobile: null,
    website: null,
    externalLink: null,
    mainPicture: null,
    fullAddress: "1 rue de l'Exemple, 64000 Pau",
    city: "Pau",
    zip: "64000",
    epci: "CA Pau Béarn Pyrénées",
    latitude: null,
    longitude: null,
    types: [ServiceType.CRECHE],
    ages: [Age.PETITE_ENFANCE],
    coveredLocations: [],
    description: null,
    ...fields,
  });
}

export { Age, Category, Network, Role, ServiceType };
