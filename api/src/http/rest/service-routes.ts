import { ValidationError } from "../../errors";
import { ageList, defined, firstGiven, given, int, point, sentAs } from "./codecs";
import { presentService, SERVICE_FIELDS } from "./presenters";
import type { RestRoute } from "./routes";

type Row = Record<string, unknown>;

/** What ServiceInput requires: a blank value is passed on for its own message (« Le nom de la structure est requis. »). */
const REQUIRED_FIELDS = ["serviceName", "serviceManager", "email", "phone", "fullAddress", "city", "zip"];

/**
 * A legacy service body as ServiceInput: `fax` is the mobile number, `type` the types. Optional
 * fields left blank ("" for mobile, website, externalLink, epci, description…) are absent.
 */
const serviceInput = (body: Row) =>
  defined(
    {
      serviceName: body.serviceName,
      serviceManager: body.serviceManager,
      email: body.email,
      phone: body.phone,
      mobile: firstGiven(body.mobile, body.fax),
      website: body.website,
      externalLink: body.externalLink,
      fullAddress: body.fullAddress,
      city: body.city,
      zip: body.zip,
      epci: body.epci,
      location: point(body.location),
      types: firstGiven(body.types, body.type),
      ages: ageList(body.ages),
      coveredLocations: body.coveredLocations,
      description:
        body.description && typeof body.description === "object" ? JSON.stringify(body.description) : body.description,
      // An extension of the documented body: the hours as GET answers them (absent: kept; a week
      // with no day open and nothing else clears them).
      openingHours: openingHoursInput(body.openingHours),
    },
    REQUIRED_FIELDS,
  );

/** The service fields a legacy client may spell its own way. */
const serviceNames = ({ body }: { body: Row }) => ({
  mobile: sentAs(body, "mobile", "fax"),
  types: sentAs(body, "types", "type"),
});

const pick = (value: unknown, keys: readonly string[]): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(keys.filter((key) => key in value).map((key) => [key, (value as Row)[key]]))
    : value;
const pickEach = (value: unknown, each: (item: unknown) => unknown) => (Array.isArray(value) ? value.map(each) : value);
const ranges = (value: unknown) => pickEach(value, (range) => pick(range, ["start", "end"]));

/** The hours a client read (with `osm`…) sent back as OpeningHoursInput: only the input's fields. */
function openingHoursInput(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value === "" ? undefined : value;
  const hours = pick(value, ["week", "closedOnPublicHolidays", "closures", "specialOpenings"]) as Row;
  const input = {
    ...hours,
    week: pickEach(hours.week, (day) => {
      const picked = pick(day, ["day", "ranges", "byAppointment"]) as Row;
      return picked && typeof picked === "object" ? { ...picked, ranges: ranges(picked.ranges) } : picked;
    }),
    closures: pickEach(hours.closures, (closure) => pick(closure, ["from", "to", "note"])),
    specialOpenings: pickEach(hours.specialOpenings, (opening) => {
      const picked = pick(opening, ["date", "ranges", "note"]) as Row;
      return picked && typeof picked === "object" ? { ...picked, ranges: ranges(picked.ranges) } : picked;
    }),
  };
  return Object.fromEntries(Object.entries(input).filter(([, field]) => field !== undefined));
}

/** An enum value in any case (`"full"`, `"Waiting_List"`), as GraphQL names it; anything else passes through. */
const enumName = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value);

/**
 * An extension's body, `{ groups: [{ ageGroup, status, vacancies }] }`, as AvailabilityInput: values
 * in any case, a number also as text, a blank number absent; no `groups` is none (cleared).
 */
function availabilityInput(body: Row) {
  const groups = given(body.groups) ? body.groups : [];
  return {
    groups: pickEach(groups, (group) => {
      if (!group || typeof group !== "object" || Array.isArray(group)) return group;
      const { ageGroup, status, vacancies } = group as Row;
      return defined({ ageGroup: enumName(ageGroup), status: enumName(status), vacancies: int(vacancies) });
    }),
  };
}

export const OWNER_REQUIRED = "Le compte propriétaire du service est requis : indiquez son identifiant dans userIds.";

/** The owner of a new sheet, the one item of userIds; without it, the REST field's own message. */
function ownerOf(userIds: unknown): string {
  const owner: unknown = Array.isArray(userIds) ? userIds[0] : undefined;
  if (typeof owner !== "string" || !owner.trim())
    throw new ValidationError(OWNER_REQUIRED, { userIds: OWNER_REQUIRED });
  return owner;
}

export const serviceWriteRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/services/add",
    document: `mutation RestCreateService($ownerId: ID!, $input: ServiceInput!) {
      createService(ownerId: $ownerId, input: $input) { ${SERVICE_FIELDS} } }`,
    // Spec §7: userIds holds one item, the owner.
    variables: ({ body }) => defined({ ownerId: ownerOf(body.userIds), input: serviceInput(body) }),
    sentNames: serviceNames,
    present: presentService,
    status: 201,
  },
  {
    method: "PUT",
    path: "/services/update",
    document: `mutation RestUpdateService($id: ID!, $input: ServiceInput!) {
      updateService(id: $id, input: $input) { ${SERVICE_FIELDS} } }`,
    variables: ({ body }) => defined({ id: body.id, input: serviceInput(body) }),
    sentNames: serviceNames,
    present: presentService,
  },
  {
    // Extension: « Places disponibles » of a child care sheet, in one step (its owners or an administrator).
    method: "PUT",
    path: "/services/availability/:id",
    document: `mutation RestUpdateServiceAvailability($id: ID!, $input: AvailabilityInput!) {
      updateServiceAvailability(id: $id, input: $input) { ${SERVICE_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.id, input: availabilityInput(body) }),
    present: presentService,
  },
  {
    method: "GET",
    path: "/services/owner/:userId",
    document: `query RestServicesOfOwner($userId: ID!) { servicesOfOwner(userId: $userId) { ${SERVICE_FIELDS} } }`,
    variables: ({ params }) => ({ userId: params.userId }),
    present: (services: Row[]) => services.map(presentService),
  },
  {
    method: "DELETE",
    path: "/services/delete/:id",
    document: `mutation RestDeleteService($id: ID!) { deleteService(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    present: () => ({ message: "Service supprimé." }),
  },
];
