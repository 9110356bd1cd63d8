// A service's opening hours as stored (see opening-hours.ts for what is derived from them).

export interface TimeRange {
  /** "HH:MM", Paris time. */
  start: string;
  end: string;
}

export interface DayHours {
  ranges: TimeRange[];
  /** « Sur rendez-vous »: the ranges (if any) are when appointments are given, not open doors. */
  byAppointment: boolean;
}

export interface Closure {
  /** First and last closed days, inclusive ("YYYY-MM-DD"). */
  from: string;
  to: string;
  note: string | null;
}

export interface SpecialOpening {
  /** A day whose own ranges replace the week's, even during a closure or on a public holiday. */
  date: string;
  ranges: TimeRange[];
  note: string | null;
}

export interface WeeklyHours {
  /** Seven days, Monday first. */
  week: DayHours[];
  closedOnPublicHolidays: boolean;
  closures: Closure[];
  specialOpenings: SpecialOpening[];
}
