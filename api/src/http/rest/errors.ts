import { type GraphQLFormattedError } from "graphql";
import { type ErrorCode, INTERNAL_ERROR_MESSAGE } from "../../errors";

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** The one mapping from GraphQL error codes to HTTP statuses. */
export function httpStatusFor(code: unknown): number {
  if (typeof code === "string" && code in STATUS_BY_CODE) return STATUS_BY_CODE[code as ErrorCode];
  // Parse, validation and variable errors of GraphQL itself are the client's fault.
  if (code === "GRAPHQL_PARSE_FAILED" || code === "GRAPHQL_VALIDATION_FAILED" || code === "QUERY_TOO_COMPLEX")
    return 400;
  return 500;
}

export interface RestErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/** The JSON body of a failed REST call, from the first GraphQL error. */
export function restError(error: GraphQLFormattedError | undefined): { status: number; body: RestErrorBody } {
  const code = String(error?.extensions?.code ?? "INTERNAL_SERVER_ERROR");
  const body: RestErrorBody = { message: error?.message ?? INTERNAL_ERROR_MESSAGE, code };
  const fields = error?.extensions?.fields;
  if (fields && typeof fields === "object") body.fields = fields as Record<string, string>;
  // A file over its limit is bad input said more precisely: 413, as a JSON body over its own.
  const status = error?.extensions?.tooLarge === true ? 413 : httpStatusFor(code);
  return { status, body };
}
