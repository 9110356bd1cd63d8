import { frenchNumber } from "../../rules";

/**
 * « à 3,2 km », « à 800 m », « à moins de 100 m »: how far a service or an event is from the
 * place a list searches around.
 */
export function distanceLabel(km: number): string {
  if (km < 0.1) return "à moins de 100 m";
  if (km < 1) return `à ${Math.round(km * 10) * 100} m`;
  const rounded = km < 10 ? frenchNumber(km, 1) : String(Math.round(km));
  return `à ${rounded} km`;
}
