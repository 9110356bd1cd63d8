import type { Age, ServiceType, TownGroupsQuery } from "../../../generated/reference";
import type { AddressSuggestionsQuery, ServiceFullFragment } from "../../../generated/sheet-editing";
import { emptyHours, type HoursValues, hoursValuesFrom } from "./hours";
import { type AvailabilityValues, availabilityValues } from "../availability-form";

/** The service form's values: what it holds, how it starts, and the department's towns it chooses from. */

export type SheetFormMode = "create" | "edit";

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
export interface SheetFormValues {
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
  hours: HoursValues;
  /** « Places disponibles » (child care), sent only once changed: an untouched form keeps their date. */
  availability: { groups: AvailabilityValues; changed: boolean };
}

/** Only the two coordinates: results carry a __typename the input type refuses. */
export const point = (location: GeoPoint | null | undefined): GeoPoint | null =>
  location ? { lat: location.lat, lon: location.lon } : null;

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

export function emptySheetValues(): SheetFormValues {
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
    hours: emptyHours(),
    availability: { groups: availabilityValues(null), changed: false },
  };
}

/** The edit form's starting values, from the service's sheet. */
export function sheetValuesFromSheet(service: ServiceFullFragment, towns: readonly TownOption[]): SheetFormValues {
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
    hours: hoursValuesFrom(service.openingHours),
    availability: { groups: availabilityValues(service.availability), changed: false },
  };
}
