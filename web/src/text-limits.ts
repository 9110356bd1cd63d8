/**
 * The limits of the long texts a person writes, written once in the API's source and imported
 * here, by the forms only (kept out of the public pages' first load). See
 * api/src/shared/text-limits.ts.
 */
export * from "../../api/src/shared/text-limits";
