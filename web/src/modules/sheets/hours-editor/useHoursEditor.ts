import { useId } from "react";
import {
  type ClosureValues,
  type DayValues,
  type HoursValues,
  hoursErrorAt,
  nextRange,
  type SpecialOpeningValues,
} from "../sheet-form";

/**
 * The hours editor's changes, each one a new HoursValues handed to `onChange`, and where the
 * form's error points (the field it is about, when the form found it; the server's say none).
 */
export function useHoursEditor(value: HoursValues, onChange: (value: HoursValues) => void, error: string | undefined) {
  const errorId = useId();
  const found = error ? hoursErrorAt(value) : undefined;
  const errorAt = { at: found?.message === error ? found?.at : undefined, errorId };
  const patch = (changes: Partial<HoursValues>) => onChange({ ...value, ...changes });
  const monday = value.week[0];

  return {
    errorId,
    errorAt,
    monday,
    patch,
    setDay: (index: number, day: DayValues) =>
      patch({ week: value.week.map((current, i) => (i === index ? day : current)) }),
    /** Monday's mode and ranges, copied to Tuesday to Friday. */
    copyMondayToWeekdays: () =>
      patch({
        week: value.week.map((day, index) =>
          index >= 1 && index <= 4 ? { mode: monday.mode, ranges: monday.ranges.map((r) => ({ ...r })) } : day,
        ),
      }),
    closures: {
      change: (index: number, changes: Partial<ClosureValues>) =>
        patch({ closures: value.closures.map((closure, i) => (i === index ? { ...closure, ...changes } : closure)) }),
      add: () => patch({ closures: [...value.closures, { from: "", to: "", note: "" }] }),
      remove: (index: number) => patch({ closures: value.closures.filter((_, i) => i !== index) }),
    },
    openings: {
      change: (index: number, changes: Partial<SpecialOpeningValues>) =>
        patch({
          specialOpenings: value.specialOpenings.map((opening, i) =>
            i === index ? { ...opening, ...changes } : opening,
          ),
        }),
      add: () =>
        patch({ specialOpenings: [...value.specialOpenings, { date: "", ranges: [nextRange([])], note: "" }] }),
      remove: (index: number) => patch({ specialOpenings: value.specialOpenings.filter((_, i) => i !== index) }),
    },
  };
}
