import { formatIsoDay, parisDay } from "../../rules";
import type { UserStatus } from "../../generated/accounts";
import type { UserRowFragment } from "../../generated/users";

export const PAGE_SIZES = [10, 50, 100] as const;
export const DEFAULT_STATUSES: UserStatus[] = ["CONFIRMED", "LOCAL", "PENDING"];
export const REQUESTS_ONLY: UserStatus[] = ["LOCAL"];
export const SEARCH_DEBOUNCE_MS = 1000;

/** A timestamp as its day in Paris: "2024-05-21T22:30:00Z" → "22/05/2024". */
export const formatParisDay = (timestamp: string): string => formatIsoDay(parisDay(new Date(timestamp)));

/** "3 demandes de partenariat en attente", singular or plural. */
export function waitingLabel(count: number): string {
  if (count === 0) return "Aucune demande de partenariat en attente";
  return count === 1 ? "1 demande de partenariat en attente" : `${count} demandes de partenariat en attente`;
}

/** "11–20 sur 42" for a page; "0 sur 0" when nothing matches. */
export function rangeLabel(from: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 sur ${total}`;
  return `${from + 1}–${from + shown} sur ${total}`;
}

/** "Prénom Nom", as the user is addressed in titles and accessible names. */
export const fullName = (user: Pick<UserRowFragment, "name" | "surname">): string => `${user.surname} ${user.name}`;
