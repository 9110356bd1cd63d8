import type { AuditAction } from "../../generated/audit";

/** How the history names each action. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  CREATE: "Création",
  UPDATE: "Modification",
  DELETE: "Suppression",
  PUBLISH: "Publication",
  CONFIRM: "Confirmation (toujours exacte)",
};

/** The French names of the fields the history reports (their schema names otherwise). */
export const FIELD_LABELS: Record<string, string> = {
  title: "titre",
  article: "contenu",
  description: "résumé",
  mainPicture: "image principale",
  categories: "catégorie",
  ages: "âges",
  thematics: "thématiques",
  networks: "réseaux",
  epci: "intercommunalités",
  city: "communes",
  files: "fichiers joints",
  eventFrom: "début de l'évènement",
  eventTo: "fin de l'évènement",
  eventAddress: "adresse de l'évènement",
  contactEmail: "e-mail de l'organisateur",
  contactPhone: "téléphone de l'organisateur",
  registrationUrl: "lien d'inscription",
  publication: "publication",
  checkedAt: "date de vérification",
  publishAt: "date de publication",
  serviceName: "nom de la structure",
  serviceManager: "gestionnaire",
  email: "adresse e-mail",
  phone: "téléphone",
  mobile: "portable",
  website: "site internet",
  externalLink: "lien externe",
  fullAddress: "adresse",
  zip: "code postal",
  latitude: "position",
  longitude: "position",
  types: "types",
  coveredLocations: "territoires couverts",
  hours: "horaires d'ouverture",
  availability: "places disponibles",
  userIds: "propriétaires",
  name: "nom",
  surname: "prénom",
  role: "rôle",
  status: "état",
  expiration: "date d'expiration",
  justify: "motivation",
};

/** « titre, âges, position » (each name once, in the order given). */
export const fieldList = (fields: readonly string[]): string =>
  [...new Set(fields.map((field) => FIELD_LABELS[field] ?? field))].join(", ");
