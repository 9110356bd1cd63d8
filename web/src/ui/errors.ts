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

/** Per-field messages sent with a refusal (BAD_USER_INPUT; CONFLICT for an address another account uses). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const fields = error.errors[0]?.extensions?.fields;
  return fields && typeof fields === "object" ? (fields as Record<string, string>) : {};
}

/**
 * A refused save, as a form shows it: each server message under the field `place`
 * maps it to (the first one wins), and the overall message above the form unless a
 * field already shows it.
 */
export function saveProblems<F extends string>(
  error: unknown,
  place: (serverField: string) => F | undefined,
): { fields: Partial<Record<F, string>>; message: string | null } {
  const fields: Partial<Record<F, string>> = {};
  for (const [name, text] of Object.entries(fieldErrors(error))) {
    const field = place(name);
    if (field && !fields[field]) fields[field] = text;
  }
  const message = errorMessage(error);
  return { fields, message: Object.values(fields).includes(message) ? null : message };
}
