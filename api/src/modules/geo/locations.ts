import { DataSource } from "typeorm";
import { Town } from "./town.entity";

/**
 * A location filter covers the places it contains and the place that contains
 * it: an EPCI also means its towns, and a town also means its EPCI (content or
 * a service for the whole EPCI concerns each of its towns). One query.
 */
export async function expandLocations(
  dataSource: DataSource,
  names: readonly string[] | null | undefined,
): Promise<string[]> {
  if (!names || names.length === 0) return [];
  const unique = [...new Set(names)];
  const towns = await dataSource
    .getRepository(Town)
    .createQueryBuilder("t")
    .select(["t.city", "t.epci"])
    .where("t.city IN (:...names) OR t.epci IN (:...names)", { names: unique })
    .getMany();
  const expanded = new Set(unique);
  for (const town of towns) {
    if (unique.includes(town.city) && town.epci) expanded.add(town.epci);
    if (town.epci && unique.includes(town.epci)) expanded.add(town.city);
  }
  return [...expanded];
}
