import { quillPlainText } from "../common/text-normalization";
import { Age, SERVICE_TYPE_LABELS, ServiceType, serviceTypeInfo } from "../reference/reference.data";
import type { Sheet } from "../sheets/sheet.entity";
import { toOsmOpeningHours } from "../sheets/opening-hours-formats";

/**
 * What the exports read of a sheet: what its page shows the public. Neither its owners nor its
 * search text (half a sheet's bytes) are read.
 */
export const OPEN_DATA_FIELDS = [
  "id",
  "serviceName",
  "fullAddress",
  "zip",
  "city",
  "email",
  "phone",
  "mobile",
  "website",
  "externalLink",
  "latitude",
  "longitude",
  "description",
  "types",
  "ages",
  "checkedAt",
  "hours",
] as const satisfies ReadonlyArray<keyof Sheet>;

/** A sheet as the exports read it. */
export type OpenDataSheet = Pick<Sheet, (typeof OPEN_DATA_FIELDS)[number]>;

/**
 * The portal's services in the data·inclusion schema (v1: `structure` and `service`, the JSON
 * Schemas kept in test/reference/data-inclusion/). A sheet of the portal is one place run by
 * one partner: it becomes one structure and one service with the same id.
 */

/** The licence of the open data (Etalab). */
export const LICENCE = {
  name: "Licence Ouverte 2.0",
  url: "https://www.etalab.gouv.fr/licence-ouverte-open-licence/",
};
export const SOURCE = "portail-parentalite";

type Thematique =
  | "famille--garde-denfants"
  | "famille--soutien-a-la-parentalite-et-a-leducation"
  | "famille--surmonter-conflits-separation-violence"
  | "famille--prise-en-charge-personne-dependante"
  | "remobilisation--activites-sportives-et-culturelles"
  | "remobilisation--lien-social"
  | "logement-hebergement--sinformer-sur-les-demarches-liees-a-lacces-au-logement"
  | "difficultes-administratives-ou-juridiques--accompagnement-aux-demarches-administratives"
  | "numerique--maitriser-les-fondamentaux-du-numerique";
type TypeService = "accompagnement" | "aide-financiere" | "aide-materielle" | "atelier" | "formation" | "information";

/**
 * The mapping table: each of the portal's 24 service types as the closest data·inclusion
 * thématiques and type of service (null: child care is none of the schema's six types).
 */
export const TYPE_MAPPING: Record<ServiceType, { thematiques: Thematique[]; type: TypeService | null }> = {
  [ServiceType.CRECHE]: { thematiques: ["famille--garde-denfants"], type: null },
  [ServiceType.MICRO_CRECHE]: { thematiques: ["famille--garde-denfants"], type: null },
  [ServiceType.FAMILY_CRECHE]: { thematiques: ["famille--garde-denfants"], type: null },
  [ServiceType.DROP_IN_NURSERY]: { thematiques: ["famille--garde-denfants"], type: null },
  [ServiceType.MAM]: { thematiques: ["famille--garde-denfants"], type: null },
  [ServiceType.KINDERGARTEN]: { thematiques: ["famille--garde-denfants"], type: null },
  [ServiceType.RPE]: {
    thematiques: ["famille--garde-denfants", "famille--soutien-a-la-parentalite-et-a-leducation"],
    type: "information",
  },
  [ServiceType.LAEP]: { thematiques: ["famille--soutien-a-la-parentalite-et-a-leducation"], type: "accompagnement" },
  [ServiceType.PARENTING_SUPPORT]: {
    thematiques: ["famille--soutien-a-la-parentalite-et-a-leducation"],
    type: "accompagnement",
  },
  [ServiceType.CLAS]: { thematiques: ["famille--soutien-a-la-parentalite-et-a-leducation"], type: "accompagnement" },
  [ServiceType.FAMILY_MEDIATION]: {
    thematiques: ["famille--surmonter-conflits-separation-violence"],
    type: "accompagnement",
  },
  [ServiceType.MEETING_SPACE]: {
    thematiques: ["famille--surmonter-conflits-separation-violence"],
    type: "accompagnement",
  },
  [ServiceType.FAMILY_CHANGES]: {
    thematiques: [
      "famille--surmonter-conflits-separation-violence",
      "famille--soutien-a-la-parentalite-et-a-leducation",
    ],
    type: "information",
  },
  [ServiceType.GRANDIR_HANDIFERENCE]: {
    thematiques: ["famille--soutien-a-la-parentalite-et-a-leducation", "famille--prise-en-charge-personne-dependante"],
    type: "accompagnement",
  },
  [ServiceType.SOCIAL_CENTRES]: {
    thematiques: ["remobilisation--lien-social", "famille--soutien-a-la-parentalite-et-a-leducation"],
    type: "accompagnement",
  },
  [ServiceType.SOCIAL_LIFE_SPACES]: {
    thematiques: ["remobilisation--lien-social", "famille--soutien-a-la-parentalite-et-a-leducation"],
    type: "accompagnement",
  },
  [ServiceType.YOUTH_SUPPORT]: {
    thematiques: ["famille--soutien-a-la-parentalite-et-a-leducation"],
    type: "accompagnement",
  },
  [ServiceType.PROMENEURS_DU_NET]: {
    thematiques: [
      "famille--soutien-a-la-parentalite-et-a-leducation",
      "numerique--maitriser-les-fondamentaux-du-numerique",
    ],
    type: "accompagnement",
  },
  [ServiceType.LEISURE_CENTRE]: {
    thematiques: ["remobilisation--activites-sportives-et-culturelles"],
    type: "atelier",
  },
  [ServiceType.HOLIDAY_CAMP]: { thematiques: ["remobilisation--activites-sportives-et-culturelles"], type: "atelier" },
  [ServiceType.FAMILY_HOLIDAYS]: {
    thematiques: ["remobilisation--activites-sportives-et-culturelles"],
    type: "information",
  },
  [ServiceType.TOY_LIBRARY]: { thematiques: ["remobilisation--activites-sportives-et-culturelles"], type: "atelier" },
  [ServiceType.HOUSING]: {
    thematiques: ["logement-hebergement--sinformer-sur-les-demarches-liees-a-lacces-au-logement"],
    type: "information",
  },
  [ServiceType.DAILY_LIFE]: {
    thematiques: ["difficultes-administratives-ou-juridiques--accompagnement-aux-demarches-administratives"],
    type: "information",
  },
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isHttpUrl = (value: string | null) => {
  if (!value) return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const day = (date: Date) => date.toISOString().slice(0, 10);
/** The schema's names hold 3 to 150 characters: a very short one is told with its town, a long one cut at a word. */
const schemaName = (name: string, city: string) => {
  const trimmed = name.replace(/\s+/g, " ").trim();
  const named = trimmed.length >= 3 ? trimmed : `${trimmed} – ${city || "sans commune"}`;
  return named.length <= 150 ? named : `${named.slice(0, 149).replace(/\s+\S*$/, "")}…`;
};
const unique = <T>(values: T[]) => [...new Set(values)];

/** What both records say of the place: address, town (its INSEE code from the town list), position, public contact. */
function place(service: OpenDataSheet, publicUrl: string, inseeCode: string | null) {
  return {
    source: SOURCE,
    id: service.id,
    nom: schemaName(service.serviceName, service.city),
    // When the partner last saved or confirmed the sheet (« Ces informations sont toujours exactes »).
    date_maj: day(service.checkedAt),
    adresse: service.fullAddress || null,
    complement_adresse: null,
    code_postal: /^\d{5}$/.test(service.zip) ? service.zip : null,
    code_insee: inseeCode,
    commune: service.city || null,
    latitude: service.latitude,
    longitude: service.longitude,
    // The sheet's public contact (shown on the portal), never an account's.
    courriel: EMAIL.test(service.email) ? service.email : null,
    telephone: service.phone || service.mobile || null,
    lien_source: `${publicUrl}/services/${service.id}`,
    // OpenStreetMap's opening_hours syntax, as the schema asks.
    horaires_accueil: service.hours ? toOsmOpeningHours(service.hours) : null,
  };
}

/**
 * The sheet's text; without one, what it is and where (the schema asks 5 characters or more),
 * then what its first type is in « Facile à lire et à comprendre » (the schema's own advice for
 * this field: short sentences, plain words). The schema has no field of its own for a type's
 * explanation.
 */
function description(service: OpenDataSheet): string {
  const text = quillPlainText(service.description).replace(/\s+/g, " ").trim().slice(0, 10_000);
  if (text.length >= 5) return text;
  const what = `${service.types.map((type) => SERVICE_TYPE_LABELS[type]).join(", ")} à ${service.city}.`;
  const [first] = service.types;
  return first ? `${what} ${serviceTypeInfo(first)?.falc.join(" ") ?? ""}`.trim() : what;
}

export function toStructure(service: OpenDataSheet, publicUrl: string, inseeCode: string | null = null) {
  const text = quillPlainText(service.description).replace(/\s+/g, " ").trim().slice(0, 10_000);
  return {
    ...place(service, publicUrl, inseeCode),
    siret: null,
    site_web: isHttpUrl(service.website) ? service.website : null,
    description: text.length >= 5 ? text : null,
    accessibilite_lieu: null,
    reseaux_porteurs: null,
  };
}

export function toService(service: OpenDataSheet, publicUrl: string, inseeCode: string | null = null) {
  const mapped = service.types.map((type) => TYPE_MAPPING[type]);
  const { courriel, telephone, ...where } = place(service, publicUrl, inseeCode);
  const publics = unique([
    "familles" as const,
    ...(service.ages.some((age) => age === Age.ADOLESCENCE || age === Age.YOUNG_ADULT) ? (["jeunes"] as const) : []),
    ...(service.types.includes(ServiceType.GRANDIR_HANDIFERENCE)
      ? (["personnes-en-situation-de-handicap"] as const)
      : []),
  ]);
  const modes = [
    ...(telephone ? (["telephoner"] as const) : []),
    ...(courriel ? (["envoyer-un-courriel"] as const) : []),
    "se-presenter" as const,
  ];
  return {
    ...where,
    structure_id: service.id,
    description: description(service),
    courriel,
    telephone,
    contact_nom_prenom: null,
    type: mapped.map((entry) => entry.type).find((type) => type !== null) ?? null,
    thematiques: unique(mapped.flatMap((entry) => entry.thematiques)),
    publics,
    publics_precisions: null,
    modes_accueil: ["en-presentiel"],
    mobilisable_par: ["usagers", "professionnels"],
    modes_mobilisation: modes,
    mobilisation_precisions: null,
    lien_mobilisation: isHttpUrl(service.externalLink) ? service.externalLink : null,
    conditions_acces: null,
    frais: null,
    frais_precisions: null,
    nombre_semaines: null,
    volume_horaire_hebdomadaire: null,
    zone_eligibilite: null,
  };
}

/** The columns of each export, in the schema's order (the CSV's header). */
export const STRUCTURE_COLUMNS = Object.keys(toStructure(blank(), "")) as Array<keyof ReturnType<typeof toStructure>>;
export const SERVICE_COLUMNS = Object.keys(toService(blank(), "")) as Array<keyof ReturnType<typeof toService>>;

function blank(): OpenDataSheet {
  return {
    id: "",
    serviceName: "",
    fullAddress: "",
    zip: "",
    city: "",
    email: "",
    phone: "",
    mobile: null,
    website: null,
    externalLink: null,
    latitude: null,
    longitude: null,
    description: null,
    types: [],
    ages: [],
    checkedAt: new Date(0),
    hours: null,
  };
}
