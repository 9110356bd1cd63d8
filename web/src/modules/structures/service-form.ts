import type { Age, ServiceType, TownGroupsQuery } from "../../generated/reference";
import type { AddressSuggestionsQuery, ServiceFullFragment, ServiceInput } from "../../generated/services";

export type ServiceFormMode = "create" | "edit";

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** A town of the department, with the EPCI of its group. */
export interface TownOption {
  inseeCode: string;
  city: string;
  postcodes: string[];
  epci: string;
  location: GeoPoint | null;
}

export type AddressPick = AddressSuggestionsQuery["addressSuggestions"][number];

/** What the create/edit form holds: text as typed, the town as its INSEE code. */
export interface ServiceFormValues {
  serviceName: string;
  serviceManager: string;
  email: string;
  phone: string;
  mobile: string;
  website: string;
  externalLink: string;
  /** INSEE code of the town (the town select's value); "" while none is chosen. */
  townCode: string;
  /** Name of the town, sent as `city`. */
  city: string;
  fullAddress: string;
  zip: string;
  /** EPCI of the town or of the picked address. */
  epci: string;
  /** The picked address's point, else the town's centre (or the service's stored point). */
  location: GeoPoint | null;
  /** The label of the suggestion last picked: typing something else drops its point. */
  pickedAddress: string | null;
  types: ServiceType[];
  ages: Age[];
  /** Other EPCIs served. */
  coveredLocations: string[];
  /** Quill document (delta JSON); "" for none. */
  description: string;
}

/** The fields in the order of the form. */
export const SERVICE_FORM_FIELDS = [
  "serviceName",
  "serviceManager",
  "email",
  "phone",
  "mobile",
  "website",
  "externalLink",
  "townCode",
  "zip",
  "fullAddress",
  "types",
  "ages",
  "coveredLocations",
  "description",
] as const;

/** The element a field's error links to (the form's summary of errors). */
export const serviceFieldId = (field: ServiceFormField) => `service-${field}`;

export type ServiceFormField =
  | "serviceName"
  | "serviceManager"
  | "email"
  | "phone"
  | "mobile"
  | "website"
  | "externalLink"
  | "townCode"
  | "fullAddress"
  | "zip"
  | "types"
  | "ages"
  | "coveredLocations"
  | "description";

export type ServiceFormErrors = Partial<Record<ServiceFormField, string>>;

export const MESSAGES = {
  serviceNameRequired: "Le nom de la structure est requis.",
  serviceManagerRequired: "Le nom du gestionnaire est requis.",
  emailRequired: "L'adresse e-mail est requise.",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  phoneRequired: "Le téléphone fixe est requis.",
  phoneInvalid: "Le téléphone fixe n'est pas valide.",
  mobileInvalid: "Le téléphone portable n'est pas valide.",
  websiteInvalid: "Le site internet doit être une adresse http(s).",
  externalLinkInvalid: "Le lien externe doit être une adresse http(s).",
  townRequired: "La commune est requise.",
  addressRequired: "L'adresse est requise.",
  zipRequired: "Le code postal est requis.",
  zipInvalid: "Le code postal doit compter 5 chiffres.",
  typesRequired: "Choisissez au moins un type de service.",
  agesRequired: "Choisissez au moins une tranche d'âge.",
} as const;

/** Deliberately loose: the server and the mail delivery are the real judges. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The server's rule: six digits at least, digits and + ( ) . - and spaces. */
const PHONE_PATTERN = /^(?=(?:\D*\d){6})[0-9+().\s-]{6,30}$/;
const ZIP_PATTERN = /^\d{5}$/;

const clean = (value: string) => value.trim().replace(/\s+/g, " ");
const optional = (value: string) => (value.trim() ? value.trim() : null);
const unique = <T>(values: readonly T[]) => [...new Set(values)];
const point = (location: GeoPoint | null | undefined): GeoPoint | null =>
  // Only the two coordinates: results carry a __typename the input type refuses.
  location ? { lat: location.lat, lon: location.lon } : null;

/** An http(s) address with a host name that has a domain (as the server's check requires). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && /\.[a-z0-9-]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** The department's towns, one list, each with its group's EPCI. */
export function flattenTowns(groups: TownGroupsQuery["townGroups"] | undefined): TownOption[] {
  return (groups ?? []).flatMap((group) =>
    group.towns.map((town) => ({
      inseeCode: town.inseeCode,
      city: town.city,
      postcodes: town.postcodes,
      epci: group.epci,
      location: point(town.location),
    })),
  );
}

/** The town of a service: by name and postcode, else by name. */
export function findTown(towns: readonly TownOption[], city: string, zip?: string): TownOption | undefined {
  return (
    towns.find((town) => town.city === city && (zip ? town.postcodes.includes(zip) : true)) ??
    towns.find((town) => town.city === city)
  );
}

export function emptyServiceValues(): ServiceFormValues {
  return {
    serviceName: "",
    serviceManager: "",
    email: "",
    phone: "",
    mobile: "",
    website: "",
    externalLink: "",
    townCode: "",
    city: "",
    fullAddress: "",
    zip: "",
    epci: "",
    location: null,
    pickedAddress: null,
    types: [],
    ages: [],
    coveredLocations: [],
    description: "",
  };
}

/** The edit form's starting values, from the service's sheet. */
export function serviceValuesFromService(
  service: ServiceFullFragment,
  towns: readonly TownOption[],
): ServiceFormValues {
  const town = findTown(towns, service.city, service.zip);
  return {
    serviceName: service.serviceName,
    serviceManager: service.serviceManager,
    email: service.email,
    phone: service.phone,
    mobile: service.mobile ?? "",
    website: service.website ?? "",
    externalLink: service.externalLink ?? "",
    townCode: town?.inseeCode ?? "",
    city: service.city,
    fullAddress: service.fullAddress,
    zip: service.zip,
    epci: service.epci,
    location: point(service.location),
    pickedAddress: null,
    types: [...service.types],
    ages: [...service.ages],
    coveredLocations: service.coveredLocations.filter((name) => name !== service.epci),
    description: service.description ?? "",
  };
}

/**
 * A town chosen in the select: its name, EPCI and centre; the postcode is kept when
 * it is one of the town's, else replaced by the town's first one. A point picked for
 * another town no longer holds.
 */
export function selectTown(
  values: ServiceFormValues,
  inseeCode: string,
  towns: readonly TownOption[],
): ServiceFormValues {
  if (inseeCode === values.townCode) return values;
  const town = towns.find((candidate) => candidate.inseeCode === inseeCode);
  if (!town) return { ...values, townCode: "", city: "", epci: "", location: null, pickedAddress: null };
  return {
    ...values,
    townCode: town.inseeCode,
    city: town.city,
    zip: town.postcodes.includes(values.zip.trim()) ? values.zip.trim() : (town.postcodes[0] ?? values.zip),
    epci: town.epci,
    location: town.location,
    pickedAddress: null,
  };
}

/** A suggested address chosen: it fills the address, postcode, town, EPCI and point. */
export function pickAddress(
  values: ServiceFormValues,
  suggestion: AddressPick,
  towns: readonly TownOption[],
): ServiceFormValues {
  const town =
    (suggestion.inseeCode ? towns.find((candidate) => candidate.inseeCode === suggestion.inseeCode) : undefined) ??
    findTown(towns, suggestion.city, suggestion.postcode);
  return {
    ...values,
    fullAddress: suggestion.label,
    pickedAddress: suggestion.label,
    zip: suggestion.postcode,
    townCode: town?.inseeCode ?? values.townCode,
    city: town?.city ?? suggestion.city,
    epci: suggestion.epci ?? town?.epci ?? values.epci,
    location: point(suggestion.location),
  };
}

/**
 * The address typed by hand. Once it differs from a picked suggestion, that
 * suggestion's point is replaced by the town's centre.
 */
export function typeAddress(values: ServiceFormValues, text: string, towns: readonly TownOption[]): ServiceFormValues {
  if (values.pickedAddress === null || text === values.pickedAddress) return { ...values, fullAddress: text };
  const town = towns.find((candidate) => candidate.inseeCode === values.townCode);
  return { ...values, fullAddress: text, pickedAddress: null, location: town?.location ?? null };
}

/** The parts spec §5 requires before "Créer" is enabled, in the form's order, as named in the hint. */
const CREATE_REQUIREMENTS: [string, (values: ServiceFormValues) => boolean][] = [
  ["le nom de la structure", (v) => Boolean(v.serviceName.trim())],
  ["le nom du gestionnaire", (v) => Boolean(v.serviceManager.trim())],
  ["l'adresse e-mail", (v) => Boolean(v.email.trim())],
  ["la commune", (v) => Boolean(v.city.trim())],
  ["l'adresse", (v) => Boolean(v.fullAddress.trim())],
  ["le code postal", (v) => Boolean(v.zip.trim())],
  ["l'intercommunalité", (v) => Boolean(v.epci.trim())],
  ["la position (choisissez une adresse proposée)", (v) => v.location !== null],
  ["un type de service", (v) => v.types.length > 0],
  ["une tranche d'âge", (v) => v.ages.length > 0],
];

/** What is still missing before a service can be created (empty: "Créer" is enabled). */
export function missingForCreation(values: ServiceFormValues): string[] {
  return CREATE_REQUIREMENTS.filter(([, present]) => !present(values)).map(([name]) => name);
}

/** Spec §5: "Créer" waits for the address, town, postcode, EPCI, e-mail, point, names, a type and an age. */
export const canCreateService = (values: ServiceFormValues): boolean => missingForCreation(values).length === 0;

/** "Pour créer le service, renseignez : …" — the hint beside a disabled "Créer". */
export function missingHint(missing: readonly string[]): string | null {
  return missing.length ? `Pour créer le service, renseignez : ${missing.join(", ")}.` : null;
}

/** The fields each mode requires (spec §5); the others are checked only when filled. */
export const REQUIRED_FIELDS: Record<ServiceFormMode, readonly ServiceFormField[]> = {
  create: ["serviceName", "serviceManager", "email", "phone", "townCode", "fullAddress", "zip", "types", "ages"],
  edit: ["serviceName", "serviceManager", "email", "phone", "townCode"],
};

const REQUIRED_MESSAGES: Partial<Record<ServiceFormField, string>> = {
  serviceName: MESSAGES.serviceNameRequired,
  serviceManager: MESSAGES.serviceManagerRequired,
  email: MESSAGES.emailRequired,
  phone: MESSAGES.phoneRequired,
  townCode: MESSAGES.townRequired,
  fullAddress: MESSAGES.addressRequired,
  zip: MESSAGES.zipRequired,
  types: MESSAGES.typesRequired,
  ages: MESSAGES.agesRequired,
};

function isEmpty(values: ServiceFormValues, field: ServiceFormField): boolean {
  if (field === "townCode") return !values.townCode || !values.city.trim();
  const value = values[field];
  return Array.isArray(value) ? value.length === 0 : !value.trim();
}

/** The client-side errors of the form: required fields of the mode, then formats of what is filled. */
export function validateServiceForm(values: ServiceFormValues, mode: ServiceFormMode): ServiceFormErrors {
  const errors: ServiceFormErrors = {};
  for (const field of REQUIRED_FIELDS[mode]) {
    if (isEmpty(values, field)) errors[field] = REQUIRED_MESSAGES[field];
  }
  const email = values.email.trim();
  if (email && !EMAIL_PATTERN.test(email)) errors.email = MESSAGES.emailInvalid;
  if (values.phone.trim() && !PHONE_PATTERN.test(values.phone.trim())) errors.phone = MESSAGES.phoneInvalid;
  if (values.mobile.trim() && !PHONE_PATTERN.test(values.mobile.trim())) errors.mobile = MESSAGES.mobileInvalid;
  if (values.website.trim() && !isHttpUrl(values.website)) errors.website = MESSAGES.websiteInvalid;
  if (values.externalLink.trim() && !isHttpUrl(values.externalLink)) errors.externalLink = MESSAGES.externalLinkInvalid;
  if (values.zip.trim() && !ZIP_PATTERN.test(values.zip.trim())) errors.zip = MESSAGES.zipInvalid;
  return errors;
}

export const hasErrors = (errors: ServiceFormErrors) => Object.keys(errors).length > 0;

/** A Quill document with neither text nor embed (an untouched editor): no description. */
export function isBlankDocument(json: string): boolean {
  if (!json.trim()) return true;
  try {
    const ops = (JSON.parse(json) as { ops?: unknown })?.ops;
    if (!Array.isArray(ops)) return false;
    return ops.every((op: { insert?: unknown }) => typeof op.insert === "string" && op.insert.trim() === "");
  } catch {
    // Not ours to judge: the server cleans or refuses it.
    return false;
  }
}

/** The mutation input built from the form (trimmed text, null for empty optional fields). */
export function buildServiceInput(values: ServiceFormValues): ServiceInput {
  const epci = values.epci.trim();
  return {
    serviceName: clean(values.serviceName),
    serviceManager: clean(values.serviceManager),
    email: values.email.trim(),
    phone: clean(values.phone),
    mobile: optional(values.mobile),
    website: optional(values.website),
    externalLink: optional(values.externalLink),
    fullAddress: clean(values.fullAddress),
    city: values.city.trim(),
    zip: values.zip.trim(),
    epci: epci || null,
    location: point(values.location),
    types: unique(values.types),
    ages: unique(values.ages),
    coveredLocations: unique(values.coveredLocations).filter((name) => name !== epci),
    description: isBlankDocument(values.description) ? null : values.description,
  };
}

/** Where each server field error is shown (the town select answers for the town and its EPCI). */
const SERVER_FIELDS: Record<string, ServiceFormField> = {
  serviceName: "serviceName",
  serviceManager: "serviceManager",
  email: "email",
  phone: "phone",
  mobile: "mobile",
  website: "website",
  externalLink: "externalLink",
  fullAddress: "fullAddress",
  location: "fullAddress",
  city: "townCode",
  epci: "townCode",
  zip: "zip",
  types: "types",
  ages: "ages",
  coveredLocations: "coveredLocations",
  description: "description",
};

/** The server's per-field messages (BAD_USER_INPUT), placed on the form's fields. */
export function serverFieldErrors(fields: Record<string, string>): ServiceFormErrors {
  const errors: ServiceFormErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = SERVER_FIELDS[name];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
