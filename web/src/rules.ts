/**
 * The rules the server enforces, written once in the API's source and imported here:
 * French dates in the Paris zone, the depth and the limits of a search, the key of a town's name,
 * the portal's name: what the public pages' first load needs.
 * See api/src/shared/rules.ts, search-limits.ts and text-keys.ts.
 */
export * from "../../api/src/shared/rules";
export * from "../../api/src/shared/search-limits";
export * from "../../api/src/shared/text-keys";
