import OpeningHoursRules from "opening_hours";
import type { TimeRange, WeeklyHours } from "./weekly-hours";

/**
 * The forms opening hours leave the portal in: OpenStreetMap's `opening_hours` syntax (the open
 * data's `horaires_accueil`), read back with the maintained opening_hours library, which also
 * knows French public holidays; and schema.org's openingHoursSpecification (the pages' JSON-LD).
 */

const OSM_DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];
const OSM_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

// ---------------------------------------------------------------------------
// OpenStreetMap `opening_hours` (data·inclusion's `horaires_accueil`)
// ---------------------------------------------------------------------------

const osmRanges = (ranges: readonly TimeRange[]) => ranges.map((range) => `${range.start}-${range.end}`).join(",");
const osmComment = (note: string | null) => (note ? ` "${note.replace(/"/g, "'")}"` : "");
const osmDate = (iso: string) => {
  const [year, month, day] = iso.split("-");
  return `${year} ${OSM_MONTHS[Number(month) - 1]} ${day}`;
};

/** Days with the same hours, as OSM day selectors: "Mo-We,Fr". */
function osmDaySelector(days: readonly number[]): string {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) =>
      run.length === 1
        ? OSM_DAYS[run[0]]
        : run.length === 2
          ? `${OSM_DAYS[run[0]]},${OSM_DAYS[run[1]]}`
          : `${OSM_DAYS[run[0]]}-${OSM_DAYS[run.at(-1)!]}`,
    )
    .join(",");
}

/**
 * The hours in OpenStreetMap's `opening_hours` syntax, e.g. `Mo-Fr 08:30-12:30; PH off`. Later
 * rules override earlier ones for the days they name: the week, then public holidays, closures
 * and exceptional openings. Days by appointment carry the comment « sur rendez-vous » (OSM's
 * "unknown" state: not open doors).
 */
export function toOsmOpeningHours(hours: WeeklyHours): string {
  const groups = new Map<string, number[]>();
  hours.week.forEach((day, index) => {
    if (day.ranges.length === 0 && !day.byAppointment) return;
    const rule = day.ranges.length
      ? `${osmRanges(day.ranges)}${day.byAppointment ? ' "sur rendez-vous"' : ""}`
      : '"sur rendez-vous"';
    groups.set(rule, [...(groups.get(rule) ?? []), index]);
  });
  const rules = [...groups].map(([rule, days]) => `${osmDaySelector(days)} ${rule}`);
  if (rules.length === 0) rules.push("off");
  if (hours.closedOnPublicHolidays) rules.push("PH off");
  for (const closure of hours.closures) {
    const span =
      closure.from === closure.to ? osmDate(closure.from) : `${osmDate(closure.from)}-${osmDate(closure.to)}`;
    rules.push(`${span} off${osmComment(closure.note)}`);
  }
  for (const opening of hours.specialOpenings) {
    rules.push(`${osmDate(opening.date)} ${osmRanges(opening.ranges)} open${osmComment(opening.note)}`);
  }
  return rules.join("; ");
}

/** French public holidays (metropolitan), as the opening_hours library knows them. */
const FRANCE = { lat: 46.6, lon: 2.4, address: { country_code: "fr", state: "" } };

/** Time ranges only (mode 0); warnings up to "warning" (not the advice to name public holidays). */
const STRICT = { mode: 0, tag_key: "opening_hours", map_value: false, warnings_severity: 4, locale: "fr" } as const;

/** Parses an `opening_hours` value with the library; throws on invalid syntax or warnings. */
export function parseOsmOpeningHours(value: string): OpeningHoursRules {
  const rules = new OpeningHoursRules(value, FRANCE, STRICT);
  const warnings = rules.getWarnings();
  if (warnings.length > 0) throw new Error(`opening_hours: ${warnings.join(" ")}`);
  return rules;
}

const HOLIDAYS = new OpeningHoursRules("PH", FRANCE, STRICT);
const holidayCache = new Map<string, boolean>();

/** Whether a Paris calendar day is a French public holiday. */
export function isPublicHoliday(date: string): boolean {
  let holiday = holidayCache.get(date);
  if (holiday === undefined) {
    const [year, month, day] = date.split("-").map(Number);
    // The library reads a Date's local fields: noon of that day in the process's zone.
    holiday = HOLIDAYS.getState(new Date(year, month - 1, day, 12));
    if (holidayCache.size > 1000) holidayCache.clear();
    holidayCache.set(date, holiday);
  }
  return holiday;
}

// ---------------------------------------------------------------------------
// schema.org
// ---------------------------------------------------------------------------

export interface OpeningHoursSpecification {
  "@type": "OpeningHoursSpecification";
  dayOfWeek?: string[];
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
  description?: string;
}

const seconds = (time: string) => `${time}:00`;

/**
 * schema.org's openingHoursSpecification: a specification per range of the week (days by
 * appointment are left out: schema.org has no such state), closures as specifications with
 * equal opening and closing times over their dates, exceptional openings over their day.
 */
export function openingHoursSpecification(hours: WeeklyHours): OpeningHoursSpecification[] {
  const specifications: OpeningHoursSpecification[] = [];
  const byRange = new Map<string, string[]>();
  hours.week.forEach((day, index) => {
    if (day.byAppointment) return;
    for (const range of day.ranges) {
      const key = `${range.start}-${range.end}`;
      byRange.set(key, [...(byRange.get(key) ?? []), `https://schema.org/${SCHEMA_DAYS[index]}`]);
    }
  });
  for (const [key, days] of byRange) {
    const [start, end] = key.split("-");
    specifications.push({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: days,
      opens: seconds(start),
      closes: seconds(end),
    });
  }
  for (const closure of hours.closures) {
    specifications.push({
      "@type": "OpeningHoursSpecification",
      opens: "00:00:00",
      closes: "00:00:00",
      validFrom: closure.from,
      validThrough: closure.to,
      ...(closure.note ? { description: closure.note } : {}),
    });
  }
  for (const opening of hours.specialOpenings) {
    for (const range of opening.ranges) {
      specifications.push({
        "@type": "OpeningHoursSpecification",
        opens: seconds(range.start),
        closes: seconds(range.end),
        validFrom: opening.date,
        validThrough: opening.date,
        ...(opening.note ? { description: opening.note } : {}),
      });
    }
  }
  return specifications;
}
