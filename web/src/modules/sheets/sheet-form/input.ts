import type { ServiceInput } from "../../../generated/sheet-editing";
import { buildHoursInput } from "./hours";
import { givesAvailability, type SheetFormField } from "./validation";
import { availabilityInput } from "../availability-form";
import { point, type SheetFormValues } from "./values";

/** From the form to the mutation, and the server's answer back onto the form's fields. */

const clean = (value: string) => value.trim().replace(/\s+/g, " ");
const optional = (value: string) => (value.trim() ? value.trim() : null);
const unique = <T>(values: readonly T[]) => [...new Set(values)];

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
export function buildSheetInput(values: SheetFormValues): ServiceInput {
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
    openingHours: buildHoursInput(values.hours),
    // Left out unless changed: the sheet keeps its places and the day they were given.
    ...(givesAvailability(values) ? { availability: availabilityInput(values.availability.groups) } : {}),
  };
}

/** Where each server field error is shown (the town select answers for the town and its EPCI). */
const SERVER_FIELDS: Record<string, SheetFormField> = {
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
  openingHours: "openingHours",
  availability: "availability",
  description: "description",
};

/** The form field that shows the server's message about one of its fields. */
export const sheetFieldOf = (serverField: string): SheetFormField | undefined =>
  Object.hasOwn(SERVER_FIELDS, serverField) ? SERVER_FIELDS[serverField] : undefined;
