import { type AddressPick, findTown, point, type SheetFormValues, type TownOption } from "./values";

/**
 * How the place fields move together: the town select, a picked address suggestion,
 * and an address typed by hand each keep the town, postcode, EPCI and point coherent.
 */

/**
 * A town chosen in the select: its name, EPCI and centre; the postcode is kept when
 * it is one of the town's, else replaced by the town's first one. A point picked for
 * another town no longer holds.
 */
export function selectTown(values: SheetFormValues, inseeCode: string, towns: readonly TownOption[]): SheetFormValues {
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
  values: SheetFormValues,
  suggestion: AddressPick,
  towns: readonly TownOption[],
): SheetFormValues {
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
export function typeAddress(values: SheetFormValues, text: string, towns: readonly TownOption[]): SheetFormValues {
  if (values.pickedAddress === null || text === values.pickedAddress) return { ...values, fullAddress: text };
  const town = towns.find((candidate) => candidate.inseeCode === values.townCode);
  return { ...values, fullAddress: text, pickedAddress: null, location: town?.location ?? null };
}
