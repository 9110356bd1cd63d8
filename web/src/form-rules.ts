/**
 * The rules only forms need (password, e-mail and phone patterns, required-field messages, long
 * texts' limits), written once in the API's source and imported here by the forms, which load on
 * demand: the public pages' first load does not carry them. See api/src/shared/form-rules.ts.
 */
export * from "../../api/src/shared/form-rules";
