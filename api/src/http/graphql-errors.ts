import { type ApolloServerPlugin } from "@apollo/server";
import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLEnumType, GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from "graphql";
import { ArgumentValidationError } from "type-graphql";
import { isDatabaseUnreachable, logDatabaseOutage } from "../db/outage";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  RETRY_AFTER_SECONDS,
} from "../errors";
import { errorSummary, logger } from "../logger";

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

/** The values of a GraphQL enum type, by its name (null: no such enum). */
export type EnumValues = (typeName: string) => readonly string[] | null;

/** An enum's values as the schema has them. */
export const enumValuesOf =
  (schema: GraphQLSchema): EnumValues =>
  (typeName) => {
    const type = schema.getType(typeName);
    return type instanceof GraphQLEnumType ? type.getValues().map((value) => value.name) : null;
  };

/** An example of each scalar's form, for a value that does not have it. */
const SCALAR_FORMS: Record<string, string> = {
  DateTime: "une date et une heure ISO 8601, par exemple « 2027-03-01T10:00:00+01:00 »",
  Int: "un nombre entier",
  Float: "un nombre",
  Boolean: "true ou false",
  String: "du texte",
  ID: "un identifiant",
};

/**
 * A French message for GraphQL's own input errors, naming the field when it can, and what it
 * takes: an enum's values, a date's format.
 */
function frenchRequestMessage(message: string, enumValues: EnumValues): string {
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
  // « at "input.near.lat" » or « at "input.ages[0]" »: the field under the variable.
  const invalid = /Variable "\$\w+" got invalid value .* at "\w+\.([\w.[\]]+)"/.exec(message);
  if (invalid) {
    const field = invalid[1].replace(/\[\d+\]/g, "");
    const notInEnum = /Value "([^"]*)" does not exist in "(\w+)" enum/.exec(message);
    const values = notInEnum && enumValues(notInEnum[2]);
    if (notInEnum && values)
      return `Requête invalide : « ${notInEnum[1]} » n'est pas une valeur du champ « ${field} » (valeurs acceptées : ${values.join(", ")}).`;
    const notText = /Enum "(\w+)" cannot represent non-string value/.exec(message);
    const named = notText && enumValues(notText[1]);
    if (named) return `Requête invalide : le champ « ${field} » attend l'une de ces valeurs : ${named.join(", ")}.`;
    const scalar = /\b(DateTime|Int|Float|Boolean|String|ID) cannot represent/.exec(message)?.[1];
    if (scalar === "DateTime")
      return `Format de date invalide : le champ « ${field} » attend ${SCALAR_FORMS.DateTime}.`;
    if (scalar) return `Requête invalide : le champ « ${field} » attend ${SCALAR_FORMS[scalar]}.`;
    return `Requête invalide : la valeur du champ « ${field} » n'est pas valide.`;
  }
  // A value written in the document itself (no variable: no field path is given).
  const literalEnum = /^Value "([^"]*)" does not exist in "(\w+)" enum/.exec(message);
  const literalValues = literalEnum && enumValues(literalEnum[2]);
  if (literalEnum && literalValues)
    return `Requête invalide : « ${literalEnum[1]} » n'est pas une valeur de « ${literalEnum[2]} » (valeurs acceptées : ${literalValues.join(", ")}).`;
  const literalScalar = /^(DateTime|Int|Float|Boolean|String|ID) cannot represent[^:]*: (.*)$/.exec(message);
  if (literalScalar)
    return `Requête invalide : la valeur ${literalScalar[2]} ne convient pas, il faut ${SCALAR_FORMS[literalScalar[1]]}.`;
  const nonNull = /Variable "\$(\w+)" of (?:required|non-null) type "[^"]+" (?:was not provided|must not be null)/.exec(
    message,
  );
  if (nonNull) return `Requête invalide : le paramètre « ${nonNull[1]} » est requis.`;
  // The document itself: fields, arguments, fragments, directives.
  const unknownField = /Cannot query field "(\w+)" on type "(\w+)"/.exec(message);
  if (unknownField) return `Requête invalide : le type « ${unknownField[2]} » n'a pas de champ « ${unknownField[1]} ».`;
  const unknownArgument = /Unknown argument "(\w+)" on field "([\w.]+)"/.exec(message);
  if (unknownArgument)
    return `Requête invalide : le champ « ${unknownArgument[2]} » ne prend pas d'argument « ${unknownArgument[1]} ».`;
  const cycle = /Cannot spread fragment "(\w+)" within itself/.exec(message);
  if (cycle) return `Requête invalide : le fragment « ${cycle[1]} » s'inclut lui-même.`;
  const repeated = /The directive "@(\w+)" can only be used once at this location/.exec(message);
  if (repeated) return `Requête invalide : la directive « @${repeated[1]} » est répétée au même endroit.`;
  const syntax = /^Syntax Error: /.test(message);
  if (syntax) return "Requête invalide : le document GraphQL est mal écrit (erreur de syntaxe).";
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
  ({ production, enumValues = () => null }: { production: boolean; enumValues?: EnumValues }) =>
  (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const shown = formatError(formatted, error, enumValues);
    const detail = shown.extensions?.detail;
    if (!production || typeof detail !== "string") return shown;
    return { ...shown, extensions: { ...shown.extensions, detail: withoutSuggestions(detail) } };
  };

export function formatError(
  formatted: GraphQLFormattedError,
  error: unknown,
  enumValues: EnumValues = () => null,
): GraphQLFormattedError {
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
      message: frenchRequestMessage(formatted.message, enumValues),
      extensions: {
        code: code === "BAD_REQUEST" || code === "OPERATION_RESOLUTION_FAILURE" ? "BAD_USER_INPUT" : code,
        detail: formatted.message,
      },
    };
  }

  logger.error("graphql.unexpected_error", { path: formatted.path?.join("."), error: errorSummary(original) });
  return { ...base, message: INTERNAL_ERROR_MESSAGE, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}

/**
 * While the database cannot be reached (or is busy), an operation that met the outage is
 * answered 503 with Retry-After (its errors say SERVICE_UNAVAILABLE, see formatError), so that
 * clients and proxies know to try again, and without the part of its data it did read: the whole
 * operation is to be asked again, and a refused heavy operation's data would only cost the
 * portal its serialisation. Other errors keep GraphQL's statuses.
 */
export const databaseOutageStatus: ApolloServerPlugin = {
  async requestDidStart() {
    let unavailable = false;
    return {
      async didEncounterErrors({ errors, response }) {
        if (!errors.some(isDatabaseUnreachable)) return;
        unavailable = true;
        response.http.status = 503;
        response.http.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
      },
      async willSendResponse({ response }) {
        if (unavailable && response.body.kind === "single") response.body.singleResult.data = null;
      },
    };
  },
};
