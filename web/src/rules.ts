/**
 * The rules the server enforces, written once in the API's source and imported here:
 * password strength, e-mail and phone patterns, required-field messages, French dates
 * in the Paris zone, the portal's name. See api/src/shared/rules.ts.
 */
export * from "../../api/src/shared/rules";
