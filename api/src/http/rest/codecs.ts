import { ValidationError } from "../../errors";
import { normalizeSearchText, singular } from "../../modules/common/text-normalization";
import { isIsoDay, parisToUtc, parseFrenchDate } from "../../shared/rules";

/** A label as it is compared: its words in normal form, in the singular (« Directeurs ALSH », « directeur alsh »). */
const labelKey = (text: string) => normalizeSearchText(text).split(" ").map(singular).join(" ");

/**
 * Legacy REST clients send and receive enum *values* ("new", "all"), GraphQL speaks enum *names*
 * (NEW, ALL). These codecs translate at the edge only. A value is read in any case, as is its
 * name (the spec writes « Rpe », « Pdn », « all »), and by its French label when `labels` are
 * given (the spec's list of networks: « pole d'appui ressources handicap », « directeur ALSH »).
 * Answers write every value in lower case, as the spec writes the values it quotes ('all';
 * categories new, event, resource). A text that is none of them is refused here, with the values
 * as answers write them; anything else (a number) passes through for GraphQL to reject.
 */
export function enumCodec<E extends Record<string, string>>(
  enumObject: E,
  field: string,
  labels: Partial<Record<E[keyof E], string>> = {},
) {
  const written = (name: string) => (enumObject[name] ?? name).toLowerCase();
  const names = Object.keys(enumObject);
  const byText = new Map(
    names.flatMap((name) => [[name.toLowerCase(), name] as const, [written(name), name] as const]),
  );
  const byLabel = new Map(
    names.flatMap((name) => {
      const label = (labels as Record<string, string | undefined>)[enumObject[name]];
      return label ? [[labelKey(label), name] as const] : [];
    }),
  );
  return {
    /** Legacy value (or name, or label) to GraphQL name. */
    toGraphql(value: unknown): unknown {
      if (Array.isArray(value)) return value.map((item) => this.toGraphql(item));
      if (typeof value !== "string" || isBlank(value)) return value;
      const name = byText.get(value.trim().toLowerCase()) ?? byLabel.get(labelKey(value));
      if (name) return name;
      const message = `Requête invalide : « ${value} » n'est pas une valeur du champ « ${field} » (valeurs acceptées : ${names.map(written).join(", ")}).`;
      throw new ValidationError(message, { [field]: message });
    },
    /** GraphQL name to legacy value, in lower case. */
    fromGraphql(values: readonly string[]): string[] {
      return values.map(written);
    },
  };
}

const isBlank = (value: unknown) => typeof value === "string" && value.trim() === "";

/** Whether a legacy field was given: not absent, not null, not an empty (or blank) string. */
export const given = (value: unknown): boolean => value !== undefined && value !== null && !isBlank(value);

/**
 * The variables of a legacy payload. Legacy clients send null or "" for a field left
 * blank: such keys are dropped, so GraphQL sees the field absent (the input's default
 * or null applies, and no validator runs on ""); null and blank items of lists are
 * dropped too. `required` names the fields whose blank value is passed on, so that the input
 * answers with its own French message (« Le nom est requis. ») rather than a
 * missing-field error.
 */
export function defined(values: Record<string, unknown>, required: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key, value]) => value !== undefined && value !== null && (required.includes(key) || !isBlank(value)))
      .map(([key, value]) => [key, Array.isArray(value) ? value.filter((item) => given(item)) : value]),
  );
}

/**
 * A position as a legacy form sends it: `{ lat: "", lon: "" }` (nothing picked) is no position;
 * anything else passes through for GraphQL to check.
 */
export function point(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const { lat, lon } = value as { lat?: unknown; lon?: unknown };
  return given(lat) || given(lon) ? value : undefined;
}

/**
 * A decimal number sent as text (`"43.2951"`, or written the French way, `"43,2951"`, as a form
 * sends it); anything else passes through for GraphQL to check.
 */
export const decimal = (value: unknown): unknown =>
  typeof value === "string" && /^-?\d+(?:[.,]\d+)?$/.test(value.trim())
    ? Number(value.trim().replace(",", "."))
    : value;

/** A yes/no sent as text (`"true"`, `"false"`, as a form sends it); anything else passes through for GraphQL to check. */
export const bool = (value: unknown): unknown =>
  typeof value === "string" && /^(true|false)$/i.test(value.trim()) ? value.trim().toLowerCase() === "true" : value;

/** A number sent as text (`"2"`, from a query string or a form); anything else passes through for GraphQL to check. */
export const int = (value: unknown): unknown =>
  typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

/**
 * A search's date filter given as a day (`2027-03-01`, or `01/03/2027` as the portal writes
 * dates): from the start of that day in France, or (`end`) to its last instant. A timestamp,
 * or anything else, passes through for GraphQL to check.
 */
export function dayBound(value: unknown, bound: "start" | "end"): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  const day = isIsoDay(text) ? text : parseFrenchDate(text);
  if (!day) return value;
  const [year, month, date] = day.split("-").map(Number);
  const start = parisToUtc(year, month, date + (bound === "end" ? 1 : 0));
  return new Date(start.getTime() - (bound === "end" ? 1 : 0)).toISOString();
}

/**
 * A date and time as the portal writes them, `01/03/2027 14:30` (24 h, French time), as the ISO
 * instant GraphQL takes; anything else (an ISO timestamp) passes through for GraphQL to check.
 */
export function frenchDateTime(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const match = /^(\d{2}\/\d{2}\/\d{4})[ T]([01]\d|2[0-3])[:h]([0-5]\d)$/.exec(value.trim());
  const day = match && parseFrenchDate(match[1]);
  if (!match || !day) return value;
  const [year, month, date] = day.split("-").map(Number);
  return parisToUtc(year, month, date, Number(match[2]), Number(match[3])).toISOString();
}

/** An INSEE code may come as a number (« 64445 »): the code is its text. */
export const codeText = (value: unknown): unknown => (typeof value === "number" ? String(value) : value);

/** The first given value among a field's legacy spellings (`mobile` or `fax`, `types` or `type`…). */
export const firstGiven = (...values: unknown[]): unknown => values.find(given);

/**
 * The spelling of a field the client used, among `name` and its legacy ones: the first given,
 * else the first sent at all (blank), else `name`. A refusal then names what the client wrote.
 */
export function sentAs(body: Record<string, unknown>, name: string, ...legacy: string[]): string {
  const spellings = [name, ...legacy];
  return spellings.find((key) => given(body[key])) ?? spellings.find((key) => key in body) ?? name;
}

/**
 * A refusal's field names as the client sent them (`renamed`: the operation's name → the
 * client's), in its `fields` and in its message (« la valeur du champ « types » … »).
 */
export function renameFields<T extends { message: string; fields?: Record<string, string> }>(
  refusal: T,
  renamed: Record<string, string>,
): T {
  const pairs = Object.entries(renamed).filter(([name, sent]) => name !== sent);
  if (pairs.length === 0) return refusal;
  let { message } = refusal;
  for (const [name, sent] of pairs) message = message.replaceAll(`« ${name} »`, `« ${sent} »`);
  const fields =
    refusal.fields &&
    Object.fromEntries(Object.entries(refusal.fields).map(([field, text]) => [renamed[field] ?? field, text]));
  return { ...refusal, message, ...(fields ? { fields } : {}) };
}

/**
 * A service's ages as the spec allows them: a list (`["PETITE_ENFANCE"]`) or flags per age range
 * (`{ "PETITE_ENFANCE": true, "ENFANCE": false }`), which become the list of the ranges set.
 * Anything else passes through for GraphQL to reject.
 */
export function ageList(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.entries(value as Record<string, unknown>)
    .filter(([, flag]) => flag === true || flag === 1 || flag === "true")
    .map(([age]) => age);
}
