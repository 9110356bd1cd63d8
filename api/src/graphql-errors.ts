import { type ApolloServerPlugin } from "@apollo/server";
import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { ArgumentValidationError } from "type-graphql";
import { isDatabaseUnreachable, logDatabaseOutage } from "./db/outage";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  RETRY_AFTER_SECONDS,
} from "./errors";
import { logger } from "./logger";

/** Codes whose messages we write ourselves, in French. */
const APP_CODES = new Set([
  "BAD_USER_INPUT",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "TOO_MANY_REQUESTS",
  "SERVICE_UNAVAILABLE",
]);
/** Errors raised by GraphQL itself before any resolver runs: the client sent a bad request. */
const REQUEST_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  // Several operations and no operationName, or a name that none of them has.
  "OPERATION_RESOLUTION_FAILURE",
]);

/** A French message for GraphQL's own input errors, naming the field when it can. */
function frenchRequestMessage(message: string): string {
  if (message.includes("Cross-Site Request Forgery")) {
    return "Requête refusée : ajoutez l'en-tête « Apollo-Require-Preflight: true » (protection contre les requêtes intersites).";
  }
  if (message.includes("Must provide operation name")) {
    return "Requête invalide : elle contient plusieurs opérations, indiquez laquelle exécuter dans « operationName ».";
  }
  const unknownOperation = /Unknown operation named "([^"]*)"/.exec(message);
  if (unknownOperation) return `Requête invalide : aucune opération ne s'appelle « ${unknownOperation[1]} ».`;
  const missing = /Field "(\w+)" of required type "[^"]+" was not provided/.exec(message);
  if (missing) return `Requête invalide : le champ « ${missing[1]} » est requis.`;
  const invalid = /Variable "\$\w+" got invalid value .* at "[\w]+\.(\w+)(?:\[\d+\])?"/.exec(message);
  if (invalid) return `Requête invalide : la valeur du champ « ${invalid[1]} » n'est pas valide.`;
  const nonNull = /Variable "\$(\w+)" of (?:required|non-null) type "[^"]+" (?:was not provided|must not be null)/.exec(
    message,
  );
  if (nonNull) return `Requête invalide : le paramètre « ${nonNull[1]} » est requis.`;
  return INVALID_REQUEST_MESSAGE;
}

interface ValidationIssue {
  property: string;
  constraints?: Record<string, string>;
  children?: ValidationIssue[];
}

/** GraphQL's hints at field and type names (« Did you mean "title"? »): a map of the schema for whoever probes it. */
const withoutSuggestions = (message: string) => message.replace(/\s*Did you mean [^?]*\?/g, "");

/**
 * Every error leaves the server with a French message and a stable code; unexpected errors
 * are logged and never show their internals. In production, GraphQL's own wording, kept as a
 * detail for developers, loses its suggestions of field names.
 */
export const formatErrorFor =
  ({ production }: { production: boolean }) =>
  (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const shown = formatError(formatted, error);
    const detail = shown.extensions?.detail;
    if (!production || typeof detail !== "string") return shown;
    return { ...shown, extensions: { ...shown.extensions, detail: withoutSuggestions(detail) } };
  };

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const base = { locations: formatted.locations, path: formatted.path };

  if (isDatabaseUnreachable(error)) {
    logDatabaseOutage("graphql", error);
    return { ...base, message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: "SERVICE_UNAVAILABLE" } };
  }

  if (original instanceof ArgumentValidationError) {
    const fields: Record<string, string> = {};
    // Nested inputs (a position, a place to search around) report under « near.radiusKm ».
    const collect = (issues: readonly ValidationIssue[], path: string) => {
      for (const issue of issues) {
        const property = path ? `${path}.${issue.property}` : issue.property;
        const message = Object.values(issue.constraints ?? {})[0];
        if (message) fields[property] = message;
        collect(issue.children ?? [], property);
      }
    };
    collect(original.extensions.validationErrors ?? [], "");
    const first = Object.values(fields)[0] ?? INVALID_REQUEST_MESSAGE;
    return { ...base, message: first, extensions: { code: "BAD_USER_INPUT", fields } };
  }

  const code = String(formatted.extensions?.code ?? "INTERNAL_SERVER_ERROR");
  const ours = original instanceof GraphQLError && original.originalError === undefined && APP_CODES.has(code);
  if (ours) return { ...base, message: formatted.message, extensions: formatted.extensions };

  // A query beyond the public limits (graphql-limits.ts): its message is ours, in French.
  if (original instanceof GraphQLError && original.extensions?.limit === true) {
    return { ...base, message: original.message, extensions: { code: "QUERY_TOO_COMPLEX" } };
  }

  if (REQUEST_CODES.has(code)) {
    // GraphQL's own wording (English) is kept as a detail for developers.
    return {
      ...base,
      message: frenchRequestMessage(formatted.message),
      extensions: {
        code: code === "BAD_REQUEST" || code === "OPERATION_RESOLUTION_FAILURE" ? "BAD_USER_INPUT" : code,
        detail: formatted.message,
      },
    };
  }

  logger.error("graphql.unexpected_error", { path: formatted.path?.join("."), error: String(original) });
  return { ...base, message: INTERNAL_ERROR_MESSAGE, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}

/**
 * While the database cannot be reached, an operation that met the outage is answered
 * 503 with Retry-After (its errors say SERVICE_UNAVAILABLE, see formatError), so that
 * clients and proxies know to try again. Other errors keep GraphQL's statuses.
 */
export const databaseOutageStatus: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, response }) {
        if (!errors.some(isDatabaseUnreachable)) return;
        response.http.status = 503;
        response.http.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
      },
    };
  },
};
