/**
 * The rules only forms need (password, e-mail and phone patterns, required-field messages, long
 * texts' limits, the article's and the service sheet's checks, uploads), written once in the API's
 * source and imported here by the forms, which load on demand: the public pages' first load does
 * not carry them. See api/src/shared/form-rules.ts, article-rules.ts, sheet-rules.ts,
 * availability-rules.ts, upload-rules.ts and alerts-rules.ts.
 */
export * from "../../api/src/shared/form-rules";
export * from "../../api/src/shared/upload-rules";
export * from "../../api/src/shared/article-rules";
export * from "../../api/src/shared/sheet-rules";
export * from "../../api/src/shared/hours-rules";
export * from "../../api/src/shared/availability-rules";
export * from "../../api/src/shared/alerts-rules";
