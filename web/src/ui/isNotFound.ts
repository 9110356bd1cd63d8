import { errorCode } from "./errors";

/** True when the API answered that the requested item does not exist (or may not be seen). */
export function isNotFound(error: unknown): boolean {
  return errorCode(error) === "NOT_FOUND";
}
