import { DateTime } from "luxon";
import { randomUUID } from "node:crypto";
import { DataSource } from "typeorm";
import { logger } from "../../logger";
import { normalizeSearchText } from "../../modules/common/search-text";
import { Media } from "../../modules/media/media.entity";
import {
  Age,
  Category,
  Network,
  Role,
  ServiceType,
  Thematic,
  UserStatus,
} from "../../modules/reference/reference.data";
import { Service } from "../../modules/structures/service.entity";
import { Services } from "../../services";
import { TownData, TownRecord } from "../../modules/geo/town-data";
import { User } from "../../modules/users/user.entity";

/** A Quill document made of plain paragraphs. */
const quill = (...paragraphs: string[]) => JSON.stringify({ ops: [{ insert: paragraphs.join("\n\n") + "\n" }] });

/**
 * One town per EPCI for the demo, preferring the town the EPCI is named after
 * ("CA Pau Béarn Pyrénées" → Pau), which is usually its main town.
 */
function demoTowns(data: TownData): TownRecord[] {
  const words = (text: string) => normalizeSearchText(text).split(" ");
  const byEpci = new Map<string | null, TownRecord[]>();
  for (const town of data.towns.filter((t) => t.latitude !== null)) {
    byEpci.set(town.epci, [...(byEpci.get(town.epci) ?? []), town]);
  }
  const named: TownRecord[] = [];
  const others: TownRecord[] = [];
  for (const [epci, towns] of byEpci) {
    const epciWords = words(epci ?? "");
    const main = towns.find((town) => words(town.city).every((word) => epciWords.includes(word)));
    if (main) named.push(main);
    else others.push(towns[0]);
  }
  const picked = [...named, ...others];
  return picked.length > 0 ? picked : data.towns.slice(0, 4);
}

/**
 * Fictional demo content for a fresh, empty database (DEMO_CONTENT=true): a few
 * news, events, resources and services placed in the department's own towns.
 * The demo account owning them has no password and cannot sign in.
 */
export async function seedDemoContent(dataSource: DataSource, services: Services, towns: TownData): Promise<boolean> {
  const [mediaCount, serviceCount] = await Promise.all([
    dataSource.getRepository(Media).count(),
    dataSource.getRepository(Service).count(),
  ]);
  if (mediaCount > 0 || serviceCount > 0) return false;

  const now = new Date();
  const owner = Object.assign(new User(), {
    id: randomUUID(),
    name: "Démonstration",
    surname: "Partenaire",
    email: "partenaire.demo@example.org",
    phone: "05 00 00 00 00",
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
  });
  await dataSource.getRepository(User).save(owner);

  const places = demoTowns(towns);
  const at = (index: number) => places[index % places.length];
  const paris = DateTime.now().setZone("Europe/Paris").startOf("day");
  const media = (index: number, fields: Partial<Media> & Pick<Media, "title" | "categories">) => {
    const place = at(index);
    return services.media.save({
      article: quill(fields.description ?? fields.title),
      description: null,
      mainPicture: null,
      userIds: [owner.id],
      files: [],
      ages: [],
      thematics: [],
      epci: place.epci ? [place.epci] : [],
      city: [place.city],
      networks: [],
      eventFrom: null,
      eventTo: null,
      eventAddress: null,
      latitude: place.latitude,
      longitude: place.longitude,
      createdAt: DateTime.now().minus({ days: index }).toJSDate(),
      ...fields,
    });
  };

  await media(0, {
    title: "[Exemple] Ouverture d'un nouveau lieu d'accueil enfants-parents",
    categories: [Category.NEW],
    ages: [Age.PETITE_ENFANCE, Age.DEVENIR],
    thematics: [Thematic.PARENT_CHILD_RELATIONSHIPS],
    description:
      "Contenu fictif de démonstration. Un LAEP ouvre ses portes deux matinées par semaine pour les enfants de moins de 6 ans accompagnés d'un parent. Accès libre, anonyme et gratuit.",
  });
  await media(1, {
    title: "[Exemple] Café des parents : parler des écrans en famille",
    categories: [Category.EVENT],
    ages: [Age.ENFANCE, Age.ADOLESCENCE],
    thematics: [Thematic.PARENT_CHILD_RELATIONSHIPS],
    description:
      "Contenu fictif de démonstration. Un temps d'échange convivial entre parents, animé par une professionnelle du soutien à la parentalité.",
    eventFrom: paris.plus({ days: 12, hours: 18 }).toJSDate(),
    eventTo: paris.plus({ days: 12, hours: 20 }).toJSDate(),
    eventAddress: `Centre social (adresse fictive), ${at(1).fullAddress}`,
  });
  await media(2, {
    title: "[Exemple] Journée des familles au parc : jeux et ateliers",
    categories: [Category.EVENT],
    ages: [Age.FAMMILY, Age.ENFANCE],
    thematics: [Thematic.HOLIDAYS_LEISURE],
    description:
      "Contenu fictif de démonstration. Ateliers de jeux coopératifs, ludothèque en plein air et goûter partagé, pour toute la famille.",
    eventFrom: paris.plus({ days: 20, hours: 10 }).toJSDate(),
    eventTo: paris.plus({ days: 20, hours: 17 }).toJSDate(),
    eventAddress: `Parc municipal (adresse fictive), ${at(2).fullAddress}`,
  });
  await media(3, {
    title: "[Exemple] Réunion du réseau des EAJE du territoire",
    categories: [Category.NEW],
    networks: [Network.EAJE],
    description: "Contenu fictif de démonstration, réservé aux membres connectés du réseau EAJE.",
  });
  await media(4, {
    title: "[Exemple] Séparation : les ressources pour accompagner les enfants",
    categories: [Category.RESOURCE],
    ages: [Age.ENFANCE, Age.ADOLESCENCE],
    thematics: [Thematic.FAMILY_CHANGES],
    description:
      "Contenu fictif de démonstration. Une sélection de repères pour parler de la séparation avec ses enfants et connaître les lieux de médiation familiale.",
  });
  await media(5, {
    title: "[Exemple] Guide : préparer l'arrivée de bébé",
    categories: [Category.RESOURCE],
    ages: [Age.DEVENIR, Age.PETITE_ENFANCE],
    description:
      "Contenu fictif de démonstration. Les démarches, les modes d'accueil du jeune enfant et les lieux ressources pour les futurs parents.",
  });
  await media(6, {
    title: "[Exemple] Vacances en famille : les aides au départ",
    categories: [Category.RESOURCE],
    ages: [Age.FAMMILY],
    thematics: [Thematic.HOLIDAYS_LEISURE],
    description:
      "Contenu fictif de démonstration. Comment préparer un premier départ en vacances en famille et qui peut vous accompagner.",
  });

  const service = (index: number, fields: Partial<Service> & Pick<Service, "serviceName" | "types">) => {
    const place = at(index);
    return services.structures.save({
      serviceManager: "Gestionnaire fictif",
      userIds: [owner.id],
      email: "contact@example.org",
      phone: "05 00 00 00 00",
      mobile: null,
      website: null,
      externalLink: null,
      mainPicture: null,
      fullAddress: `1 place de l'Exemple, ${place.fullAddress}`,
      city: place.city,
      zip: place.postcodes[0] ?? "",
      epci: place.epci ?? "",
      latitude: place.latitude,
      longitude: place.longitude,
      ages: [Age.PETITE_ENFANCE],
      coveredLocations: [],
      description: quill("Structure fictive de démonstration."),
      ...fields,
    });
  };

  await service(0, {
    serviceName: "[Exemple] Crèche Les Petits Pas",
    types: [ServiceType.CRECHE],
    ages: [Age.PETITE_ENFANCE],
  });
  await service(1, {
    serviceName: "[Exemple] Relais petite enfance du Val",
    types: [ServiceType.RPE],
    ages: [Age.DEVENIR, Age.PETITE_ENFANCE],
  });
  await service(2, {
    serviceName: "[Exemple] LAEP La Passerelle",
    types: [ServiceType.LAEP],
    ages: [Age.DEVENIR, Age.PETITE_ENFANCE],
  });
  await service(3, {
    serviceName: "[Exemple] Centre social Les Tilleuls",
    types: [ServiceType.SOCIAL_CENTRES, ServiceType.CLAS],
    ages: [Age.ENFANCE, Age.ADOLESCENCE, Age.FAMMILY],
  });
  await service(4, {
    serviceName: "[Exemple] Service de médiation familiale",
    types: [ServiceType.FAMILY_MEDIATION],
    ages: [Age.FAMMILY],
    coveredLocations: places
      .slice(0, 3)
      .map((t) => t.epci ?? "")
      .filter(Boolean),
  });

  logger.info("demo.seeded", { media: 7, services: 5 });
  return true;
}
