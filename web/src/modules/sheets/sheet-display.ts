import { type ServiceFullFragment } from "../../generated/sheet-editing";

/** How a service sheet is shown (kept apart from the form, so the public page stays light). */

/** A phone number as a tel: link target ("05 59 00 00 00" → "0559000000"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The areas a service covers: its own EPCI first, then the others, once each. */
export const coveredAreas = (service: Pick<ServiceFullFragment, "epci" | "coveredLocations">): string[] => [
  ...new Set([service.epci, ...service.coveredLocations].filter(Boolean)),
];

/** "Martin Jeanne" as the owner is named ("Propriétaire : …"). */
export const ownerName = (owner: { name: string; surname: string }) => `${owner.surname} ${owner.name}`;
