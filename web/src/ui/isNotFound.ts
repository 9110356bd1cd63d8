import { CombinedGraphQLErrors } from "@apollo/client/errors";

/** True when the API answered that the requested item does not exist (or may not be seen). */
export function isNotFound(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "NOT_FOUND");
}
