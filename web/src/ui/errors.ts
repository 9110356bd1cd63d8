import { CombinedGraphQLErrors } from "@apollo/client/errors";

export const GENERIC_ERROR = "Une erreur s'est produite veuillez réessayer";

/** The server's French message for a failed call, or the fallback. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? fallback;
  return fallback;
}

/** The stable code of a failed call (NOT_FOUND, FORBIDDEN…), when the server gave one. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

/** Per-field messages sent with a BAD_USER_INPUT error. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const fields = error.errors[0]?.extensions?.fields;
  return fields && typeof fields === "object" ? (fields as Record<string, string>) : {};
}
