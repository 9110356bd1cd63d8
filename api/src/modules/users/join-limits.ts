import { TooManyRequestsError } from "../../errors";
import type { ThrottleRule, ThrottleService } from "../auth/throttle.service";

const HOUR = 3600_000;

/**
 * Partner requests taken per hour: from one client address (a social centre's computers share
 * one), and for one e-mail address (a person sends one request; a known address answers 409,
 * which tells whether it has an account: probing it is limited too). Each request counts,
 * whatever its answer; past a limit it is refused for an hour, nothing stored or sent.
 */
export const JOIN_LIMITS: Record<"address" | "email", ThrottleRule> = {
  address: { max: 10, windowMs: HOUR, blockMs: HOUR },
  email: { max: 3, windowMs: HOUR, blockMs: HOUR },
};

export const TOO_MANY_JOINS_MESSAGE =
  "Trop de demandes de partenariat ont été envoyées depuis votre connexion ou pour cette adresse e-mail : réessayez dans une heure.";

/** Counts a partner request from `ip` for `email` (normalised); past a limit, 429 with the wait. */
export async function countJoinRequest(throttle: ThrottleService, ip: string, email: string): Promise<void> {
  const wait = await throttle.attempt([
    [`join:ip:${ip}`, JOIN_LIMITS.address],
    [`join:email:${email}`, JOIN_LIMITS.email],
  ]);
  if (wait !== null) throw new TooManyRequestsError(TOO_MANY_JOINS_MESSAGE, wait);
}
