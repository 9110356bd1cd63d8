/**
 * What the server enforces and the web's public pages need, written once: French dates in the
 * Paris zone, the depth of a search, the freshness of sheets, account expiry, and the portal's
 * name. Both builds import this file (the web through `web/src/rules.ts`, on every page's first
 * load). The rules only forms need are in `form-rules.ts`. Plain TypeScript with no imports, so
 * it runs the same in Node and in the browser and adds no library to the public pages (dates
 * use the runtime's Intl).
 */

/** The portal's name, in page titles and e-mails. */
export const PORTAL_NAME = "Portail parentalité";

/** What the portal is, in one sentence: pages without a description of their own, the web-app manifest. */
export const PORTAL_DESCRIPTION =
  "Actualités, évènements, ressources et lieux d'accueil pour les familles du département.";

/** What an article's or a service's page says when it does not exist or is not the visitor's to read. */
export const MEDIA_NOT_FOUND = "Cet article est introuvable.";
export const SHEET_NOT_FOUND = "Ce service est introuvable.";

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

/**
 * How deep a search can be paged: the first results this many. Deeper pages would cost more
 * with every page skipped, and a search that wide is one to narrow.
 */
export const RESULT_WINDOW = 10_000;
export const RESULT_WINDOW_MESSAGE =
  "Seuls les 10 000 premiers résultats peuvent être parcourus : précisez la recherche.";

/** Results on a page of a public list (spec §9), and the largest page any list gives. */
export const PUBLIC_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_MESSAGE = `La taille de page doit être comprise entre 1 et ${MAX_PAGE_SIZE}.`;

// ---------------------------------------------------------------------------
// Dates: French day format and the Paris time zone
// ---------------------------------------------------------------------------

/** Every date of the portal is a Paris date. */
export const PARIS_ZONE = "Europe/Paris";

export const INVALID_DATE_MESSAGE = "Date invalide";
export const PAST_DATE_MESSAGE = "La date doit être postérieure à la date du jour";

export interface ParisParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

let partsFormat: Intl.DateTimeFormat | undefined;

/** The first year from which the European Union's summer-time rule below holds for Paris. */
const EU_SUMMER_TIME_SINCE = 1996;

/** 01:00 UTC on the last Sunday of a month (monthIndex from 0): when summer time starts or ends. */
function lastSundayOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Paris's offset from UTC in minutes at an instant: +120 from the last Sunday of March to the
 * last Sunday of October (01:00 UTC both), +60 otherwise (the EU rule, in force since 1996).
 */
export function parisOffsetMinutes(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayOneUtc(year, 2) && instant < lastSundayOneUtc(year, 9) ? 120 : 60;
}

/**
 * The Paris calendar day and wall-clock time of an instant. Computed from the EU rule rather
 * than with Intl: a phone's first Intl date format loads its time-zone data, tens of
 * milliseconds in the middle of the page's first render. Earlier years go through Intl.
 */
export function parisParts(date: Date): ParisParts {
  const year = date.getUTCFullYear();
  if (year >= EU_SUMMER_TIME_SINCE && year < 10000) {
    const wall = new Date(date.getTime() + parisOffsetMinutes(date.getTime()) * 60_000);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  partsFormat ??= new Intl.DateTimeFormat("fr-FR", {
    timeZone: PARIS_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** French thousands separator (what Intl's fr-FR writes): a narrow no-break space. */
const FRENCH_GROUP = "\u202f";

/**
 * A number written the French way, « 12 345 » or « 3,2 » (at most `fractionDigits` decimals,
 * trailing zeros dropped), without Intl for the same first-render reason as above.
 */
export function frenchNumber(value: number, fractionDigits = 0): string {
  const factor = 10 ** fractionDigits;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const [whole, fraction] = String(rounded).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, FRENCH_GROUP);
  return `${value < 0 && rounded !== 0 ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/**
 * « de » before a name, elided before a vowel or an h, as current usage does with first names:
 * « d'Élodie Durand », « d'Hélène Bordes », « de Marie Laborde ».
 */
export function ofName(name: string): string {
  return /^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(name.trim()) ? `d'${name.trim()}` : `de ${name.trim()}`;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** YYYY-MM-DD of a day. */
export const isoDay = ({ year, month, day }: Pick<ParisParts, "year" | "month" | "day">): string =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The Paris day of an instant, as YYYY-MM-DD. */
export const parisDay = (instant: Date): string => isoDay(parisParts(instant));

/** Today in Paris, as YYYY-MM-DD (the form of account expiration dates). */
export const todayInParis = (now = new Date()): string => parisDay(now);

/** A real calendar day? (rejects 30/02, 31/04…) */
export function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "2027-05-21" and a real day: what the API accepts as a date. */
export function isIsoDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** "21/05/2027" → "2027-05-21"; null when it is not a real date in that format (spec: DD/MM/YYYY). */
export function parseFrenchDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? isoDay({ year, month, day }) : null;
}

/** "2027-05-21" → "21/05/2027". */
export const formatIsoDay = (day: string): string => day.slice(0, 10).split("-").reverse().join("/");

/** The Paris offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function parisOffset(instant: number): number {
  const p = parisParts(new Date(instant));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of a Paris wall-clock time. */
export function parisToUtc(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - parisOffset(wall);
  // Around a change of time the offset at the guess may differ from the one at the result.
  return new Date(wall - parisOffset(first));
}

/** The first instant of today in Paris. */
export function startOfTodayInParis(now = new Date()): Date {
  const { year, month, day } = parisParts(now);
  return parisToUtc(year, month, day);
}

/** A day plus a number of months, the day clamped to the month's end (31/08 + 6 → 28 or 29/02). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return isoDay({ year: targetYear, month: targetMonth, day: Math.min(date, lastDay) });
}

/** An account's default expiration (new accounts, validated requests): six months from today. */
export const DEFAULT_EXPIRATION_MONTHS = 6;

/**
 * How long personal data outlive what they were collected for (an account ended, a request not
 * accepted, a report handled), as the legal notice says: twelve months (PersonalDataService).
 */
export const PERSONAL_DATA_RETENTION_MONTHS = 12;

export const defaultExpiration = (today = todayInParis()): string => addMonths(today, DEFAULT_EXPIRATION_MONTHS);

/**
 * An account's expiration date (YYYY-MM-DD, or empty for none): its error
 * message, or null when it is acceptable (a real day, today or later in Paris).
 */
export function expirationError(day: string | null, today = todayInParis()): string | null {
  if (!day) return null;
  if (!isIsoDay(day)) return INVALID_DATE_MESSAGE;
  return day < today ? PAST_DATE_MESSAGE : null;
}

// ---------------------------------------------------------------------------
// Freshness of service sheets
// ---------------------------------------------------------------------------

/** A sheet not confirmed (saved or « toujours exacte ») for this many months: its owner is reminded. */
export const SHEET_REMINDER_MONTHS = 6;
/** …and after this many months it shows « Informations à vérifier ». */
export const SHEET_REVIEW_MONTHS = 9;
/** Never two reminders about one sheet within this many days. */
export const SHEET_REMINDER_INTERVAL_DAYS = 7;
/** How long an e-mailed « Ces informations sont toujours exactes » link is valid. */
export const SHEET_CONFIRM_LINK_DAYS = 30;
