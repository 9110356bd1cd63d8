/**
 * Which service sheets are child care: those give « Places disponibles » (availability.ts) and
 * are a schema.org ChildCare for search engines. A module of its own: the pages that need the
 * list (a sheet's page and head, the services list's quick toggle « Avec des places disponibles »,
 * loaded apart) load it, the lists' first load does not. Plain TypeScript with no imports.
 */

/**
 * The service types that take children in and so have places: crèches (collective and
 * family), micro-crèches, jardins d'enfants, haltes-garderies and MAM (schema.org ChildCare).
 * Information services (relais petite enfance, LAEP) have none.
 */
export const CHILD_CARE_TYPES: readonly string[] = [
  "CRECHE",
  "FAMILY_CRECHE",
  "MICRO_CRECHE",
  "KINDERGARTEN",
  "DROP_IN_NURSERY",
  "MAM",
];

/** Whether a sheet of these types is child care, and so gives its places (and is a ChildCare for search engines). */
export const isChildCare = (types: readonly string[]): boolean => types.some((type) => CHILD_CARE_TYPES.includes(type));
