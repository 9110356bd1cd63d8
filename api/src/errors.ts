import { GraphQLError } from "graphql";

/**
 * The stable error codes of the API. GraphQL clients read `extensions.code`;
 * the REST adapter maps each code to an HTTP status in one place (rest/errors.ts).
 */
export type ErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_SERVER_ERROR";

abstract class AppError extends GraphQLError {
  constructor(message: string, code: ErrorCode, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
  }
}

export class ValidationError extends AppError {
  constructor(message = "Les données envoyées sont invalides.", fields?: Record<string, string>) {
    super(message, "BAD_USER_INPUT", fields ? { fields } : {});
  }
}

/** A file or body over its size limit: bad input for GraphQL, `413 Payload Too Large` for REST. */
export class TooLargeError extends AppError {
  constructor(message: string) {
    super(message, "BAD_USER_INPUT", { tooLarge: true });
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = "Vous devez être connecté pour effectuer cette action.") {
    super(message, "UNAUTHENTICATED");
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "Vous n'avez pas les droits nécessaires pour effectuer cette action.") {
    super(message, "FORBIDDEN");
  }
}

export class NotFoundError extends AppError {
  constructor(message = "La ressource demandée est introuvable.") {
    super(message, "NOT_FOUND");
  }
}

/** `fields`: the field whose value is already taken (a form shows the message under it). */
export class ConflictError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(message, "CONFLICT", fields ? { fields } : {});
  }
}

/** `retryAfter`: the seconds to wait, when known (REST answers it as Retry-After). */
export class TooManyRequestsError extends AppError {
  constructor(message = "Trop de tentatives, veuillez réessayer dans quelques minutes.", retryAfter?: number) {
    super(message, "TOO_MANY_REQUESTS", retryAfter === undefined ? {} : { retryAfter });
  }
}

/** An outside service the portal depends on (the address API) is slow or down. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(message, "SERVICE_UNAVAILABLE");
  }
}

/** What every surface answers while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.";

/** The Retry-After (seconds) sent with that answer. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be reached (db/outage.ts decides). Thrown where a request
 * needs the database before any resolver runs (its context); Apollo reads
 * `extensions.http` for the 503 status and the Retry-After header.
 */
export class DatabaseUnavailableError extends AppError {
  constructor() {
    super(DATABASE_UNAVAILABLE_MESSAGE, "SERVICE_UNAVAILABLE", {
      http: { status: 503, headers: new Map([["retry-after", String(RETRY_AFTER_SECONDS)]]) },
    });
  }
}

export const INTERNAL_ERROR_MESSAGE = "Une erreur s'est produite, veuillez réessayer.";
export const INVALID_REQUEST_MESSAGE = "Requête invalide : un paramètre est manquant ou mal formé.";

/** A request body that cannot be read (malformed JSON or multipart, a body that is not an object…). */
export const UNREADABLE_BODY_MESSAGE = "Requête invalide : le contenu envoyé est illisible.";

/** A request body over its limit (JSON of an API call; files have their own message). */
export const REQUEST_TOO_LARGE_MESSAGE = "La requête est trop volumineuse.";
/** How deep a JSON body may nest: an article's Quill document needs 5 levels, a search 3. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `Requête invalide : le contenu JSON est imbriqué sur plus de ${MAX_JSON_DEPTH} niveaux.`;
