import {
  INVALID_POSTCODE_MESSAGE,
  isEmailAddress,
  isHttpUrl,
  isPhoneNumber,
  POSTCODE_PATTERN,
  SHEET_MESSAGES,
} from "../../../form-rules";
import { hoursError } from "./hours";
import { availabilityError } from "../availability-form";
import { isChildCare } from "../../../../../api/src/shared/child-care";
import type { SheetFormMode, SheetFormValues } from "./values";

/** The service form's checks (spec §5): required fields by mode, formats, and what « Créer » waits for. */

/** The fields in the order of the form. */
export const SHEET_FORM_FIELDS = [
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
  "openingHours",
  "availability",
  "description",
] as const;

/** The element a field's error links to (the form's summary of errors). */
export const sheetFieldId = (field: SheetFormField) => `service-${field}`;

export type SheetFormField =
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
  | "openingHours"
  | "availability"
  | "description";

export type SheetFormErrors = Partial<Record<SheetFormField, string>>;

/** What the server says of each field (api/src/shared/sheet-rules.ts), and the postcode's format. */
export const MESSAGES = { ...SHEET_MESSAGES, zipInvalid: INVALID_POSTCODE_MESSAGE } as const;

/** An http(s) address with a host name that has a domain (as the server's check requires). */
export { isHttpUrl };

/** The parts spec §5 requires before a service is created, in the form's order, as named in the hint. */
const CREATE_REQUIREMENTS: [string, (values: SheetFormValues) => boolean][] = [
  ["le nom de la structure", (v) => Boolean(v.serviceName.trim())],
  ["le nom du gestionnaire", (v) => Boolean(v.serviceManager.trim())],
  ["l'adresse e-mail", (v) => Boolean(v.email.trim())],
  ["la commune", (v) => Boolean(v.city.trim())],
  ["l'adresse", (v) => Boolean(v.fullAddress.trim())],
  ["le code postal", (v) => Boolean(v.zip.trim())],
  ["l'intercommunalité", (v) => Boolean(v.epci.trim())],
  ["un type de service", (v) => v.types.length > 0],
  ["une tranche d'âge", (v) => v.ages.length > 0],
];

/** What is still missing before a service can be created (empty: « Créer » creates it). */
export function missingForCreation(values: SheetFormValues): string[] {
  return CREATE_REQUIREMENTS.filter(([, present]) => !present(values)).map(([name]) => name);
}

/**
 * Spec §5: "Créer" waits for the address, town, postcode, EPCI, e-mail, names, a type and an age.
 * Not for a point: without a proposed address (the address service may be away), the sheet takes
 * its town's centre, or none (its address is shown without a map); a later edit places it again.
 */
export const canCreateSheet = (values: SheetFormValues): boolean => missingForCreation(values).length === 0;

/** "Pour créer le service, renseignez : …" — the hint beside « Créer » while something is missing. */
export function missingHint(missing: readonly string[]): string | null {
  return missing.length ? `Pour créer le service, renseignez : ${missing.join(", ")}.` : null;
}

/** The fields each mode requires (spec §5); the others are checked only when filled. */
export const REQUIRED_FIELDS: Record<
  SheetFormMode,
  readonly Exclude<SheetFormField, "openingHours" | "availability">[]
> = {
  create: ["serviceName", "serviceManager", "email", "phone", "townCode", "fullAddress", "zip", "types", "ages"],
  edit: ["serviceName", "serviceManager", "email", "phone", "townCode"],
};

const REQUIRED_MESSAGES: Partial<Record<SheetFormField, string>> = {
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

function isEmpty(values: SheetFormValues, field: Exclude<SheetFormField, "openingHours" | "availability">): boolean {
  if (field === "townCode") return !values.townCode || !values.city.trim();
  const value = values[field];
  return Array.isArray(value) ? value.length === 0 : !value.trim();
}

/** The client-side errors of the form: required fields of the mode, then formats of what is filled. */
export function validateSheetForm(values: SheetFormValues, mode: SheetFormMode): SheetFormErrors {
  const errors: SheetFormErrors = {};
  for (const field of REQUIRED_FIELDS[mode]) {
    if (isEmpty(values, field)) errors[field] = REQUIRED_MESSAGES[field];
  }
  const email = values.email.trim();
  if (email && !isEmailAddress(email)) errors.email = MESSAGES.emailInvalid;
  if (values.phone.trim() && !isPhoneNumber(values.phone.trim())) errors.phone = MESSAGES.phoneInvalid;
  if (values.mobile.trim() && !isPhoneNumber(values.mobile.trim())) errors.mobile = MESSAGES.mobileInvalid;
  if (values.website.trim() && !isHttpUrl(values.website)) errors.website = MESSAGES.websiteInvalid;
  if (values.externalLink.trim() && !isHttpUrl(values.externalLink)) errors.externalLink = MESSAGES.externalLinkInvalid;
  if (values.zip.trim() && !POSTCODE_PATTERN.test(values.zip.trim())) errors.zip = MESSAGES.zipInvalid;
  const hours = hoursError(values.hours);
  if (hours) errors.openingHours = hours;
  const availability = givesAvailability(values) && availabilityError(values.availability.groups);
  if (availability) errors.availability = availability;
  return errors;
}

export const hasErrors = (errors: SheetFormErrors) => Object.keys(errors).length > 0;

/** Whether the form sends « Places disponibles »: changed, on a child care sheet (others have none). */
export const givesAvailability = (values: SheetFormValues): boolean =>
  values.availability.changed && isChildCare(values.types);
