import { describe, expect, it } from "vitest";
import { type FacetGroup, PROBED_WINDOW } from "../common/facets";
import { EventTiming } from "../media/media.inputs";
import {
  facetRowsNeedSizes,
  type MediaCriteria,
  mediaNeedsSizes,
  narrowestGroup,
  planAccountSearch,
  planFacetRows,
  planMediaSearch,
  planOpenDataExport,
  planServiceSearch,
} from "./plans";

const town: FacetGroup = { facet: "location", values: ["Lescar", "CA Pau Béarn Pyrénées"] };
const word: FacetGroup = { facet: "word", values: ["atelier"], orPrefix: true };
const network: FacetGroup = { facet: "network", values: ["CAF"] };

/** A media search's criteria: facet rows say everything, not events only, unless told. */
const media = (fields: Partial<MediaCriteria> = {}): MediaCriteria => ({
  groups: [],
  facetRowsSuffice: true,
  eventsOnly: false,
  timing: null,
  near: false,
  ...fields,
});
const measured = (groups: FacetGroup[], sizes: number[]) => ({ groups, sizes });

describe("planMediaSearch", () => {
  it("scans the media newest first without a facet criterion, or lists events by date", () => {
    expect(mediaNeedsSizes(media())).toBe(false);
    expect(planMediaSearch(media(), null)).toEqual({ kind: "newest-first-scan" });
    // A visibility probe or event dates are on the media row: still no facet criterion.
    expect(planMediaSearch(media({ facetRowsSuffice: false }), null)).toEqual({ kind: "newest-first-scan" });
    expect(planMediaSearch(media({ eventsOnly: true }), null)).toEqual({ kind: "events-by-date" });
    expect(planMediaSearch(media({ eventsOnly: true, timing: EventTiming.PAST }), null)).toEqual({
      kind: "events-by-date",
    });
  });

  it("reads facet rows alone when they answer every criterion, without measuring", () => {
    const criteria = media({ groups: [town, word] });
    expect(mediaNeedsSizes(criteria)).toBe(false);
    expect(planMediaSearch(criteria, null)).toEqual({ kind: "facet-rows" });
  });

  it("measures facet criteria the facet rows do not answer alone, and refuses to plan without", () => {
    for (const criteria of [
      media({ groups: [word], facetRowsSuffice: false }),
      media({ groups: [word], eventsOnly: true }),
    ]) {
      expect(mediaNeedsSizes(criteria)).toBe(true);
      expect(() => planMediaSearch(criteria, null)).toThrow();
    }
  });

  it("drives from the narrowest criterion joined to the media, in the list's order", () => {
    const groups = [town, word];
    const criteria = (fields: Partial<MediaCriteria>) => media({ groups, facetRowsSuffice: false, ...fields });
    // The word is the narrowest: it drives.
    const sizes = measured(groups, [PROBED_WINDOW, 12]);
    expect(planMediaSearch(criteria({}), sizes)).toEqual({ kind: "facet-driven", drive: 1, order: "newest" });
    expect(planMediaSearch(criteria({ eventsOnly: true, timing: EventTiming.UPCOMING }), sizes)).toEqual({
      kind: "facet-driven",
      drive: 1,
      order: "upcoming",
    });
    expect(planMediaSearch(criteria({ eventsOnly: true, timing: EventTiming.PAST }), sizes)).toEqual({
      kind: "facet-driven",
      drive: 1,
      order: "past",
    });
    expect(planMediaSearch(criteria({ eventsOnly: true }), sizes)).toEqual({
      kind: "facet-driven",
      drive: 1,
      order: "upcoming-then-past",
    });
    // One value past the window: still read in its index's order, newest first.
    expect(planMediaSearch(criteria({}), measured([word], [PROBED_WINDOW]))).toEqual({
      kind: "facet-driven",
      drive: 0,
      order: "newest",
    });
    // Just under the window, several values are windowed too.
    expect(planMediaSearch(criteria({}), measured([town], [PROBED_WINDOW - 1]))).toEqual({
      kind: "facet-driven",
      drive: 0,
      order: "newest",
    });
  });

  it("reads the media newest first, probing each, when a driver of several values passes the window", () => {
    const criteria = media({ groups: [town, network], facetRowsSuffice: false });
    expect(planMediaSearch(criteria, measured([town, network], [PROBED_WINDOW, PROBED_WINDOW]))).toEqual({
      kind: "facet-driven",
      drive: 1,
      order: "newest",
    });
    expect(planMediaSearch(criteria, measured([town], [PROBED_WINDOW]))).toEqual({ kind: "newest-first-probed" });
  });

  it("lists events by date, probing each, when the driver passes the window; counted from one group alone", () => {
    const one = media({ groups: [town], eventsOnly: true });
    expect(planMediaSearch(one, measured([town], [PROBED_WINDOW]))).toEqual({
      kind: "events-by-date-probed",
      countFromGroup: true,
    });
    // A single value past the window too: events are read by date whatever drives.
    expect(planMediaSearch(media({ groups: [word], eventsOnly: true }), measured([word], [PROBED_WINDOW]))).toEqual({
      kind: "events-by-date-probed",
      countFromGroup: true,
    });
    // A timing, a visibility probe or a second group: the group's index cannot count them.
    for (const criteria of [
      media({ groups: [town], eventsOnly: true, timing: EventTiming.UPCOMING, facetRowsSuffice: false }),
      media({ groups: [town], eventsOnly: true, facetRowsSuffice: false }),
      media({ groups: [town, word], eventsOnly: true }),
    ]) {
      const sizes = measured(
        [...criteria.groups],
        criteria.groups.map(() => PROBED_WINDOW),
      );
      expect(planMediaSearch(criteria, sizes)).toEqual({ kind: "events-by-date-probed", countFromGroup: false });
    }
  });
});

describe("planMediaSearch around a place", () => {
  it("reads the events within the radius, whatever else the search asks, without measuring", () => {
    for (const criteria of [
      media({ near: true, eventsOnly: true }),
      media({ near: true, eventsOnly: true, groups: [town, word], facetRowsSuffice: false }),
      media({ near: true, eventsOnly: true, groups: [word], timing: EventTiming.UPCOMING, facetRowsSuffice: false }),
      media({ near: true, eventsOnly: true, groups: [network], timing: EventTiming.PAST }),
    ]) {
      expect(mediaNeedsSizes(criteria), JSON.stringify(criteria)).toBe(false);
      expect(planMediaSearch(criteria, null)).toEqual({ kind: "events-around-place" });
      // Measured or not, the place decides.
      const sizes = measured(
        [...criteria.groups],
        criteria.groups.map(() => PROBED_WINDOW),
      );
      expect(planMediaSearch(criteria, sizes)).toEqual({ kind: "events-around-place" });
    }
  });
});

describe("narrowestGroup", () => {
  it("takes the smallest, and among equals one of a single value, else the one of fewest values", () => {
    expect(narrowestGroup([town, word], [40, 12])).toBe(1);
    expect(narrowestGroup([town, word], [12, 40])).toBe(0);
    expect(narrowestGroup([town, word], [500, 500])).toBe(1);
    const epci: FacetGroup = { facet: "location", values: ["A", "B", "C"] };
    expect(narrowestGroup([epci, town], [500, 500])).toBe(1);
    expect(narrowestGroup([{ facet: "word", prefix: "crech" }, town], [500, 500])).toBe(1);
    // Places given since a day: a range, read as a group, not as one value (nor as none).
    const vacancy: FacetGroup = { facet: "vacancy", atLeast: "2026-09-10" };
    expect(narrowestGroup([vacancy, epci], [500, 500])).toBe(1);
    expect(narrowestGroup([vacancy, town], [12, 40])).toBe(0);
  });
});

describe("planFacetRows", () => {
  it("reads one criterion alone, and measures several or any condition to pick the driver", () => {
    expect(facetRowsNeedSizes(1, 0)).toBe(false);
    expect(planFacetRows(1, 0, null)).toEqual({ kind: "one-group" });
    expect(facetRowsNeedSizes(2, 0)).toBe(true);
    expect(facetRowsNeedSizes(1, 1)).toBe(true);
    expect(() => planFacetRows(2, 0, null)).toThrow();
    expect(planFacetRows(2, 0, measured([town, word], [30, 7]))).toEqual({ kind: "narrowest-drives", drive: 1 });
    expect(planFacetRows(1, 1, measured([word], [7]))).toEqual({ kind: "narrowest-drives", drive: 0 });
  });
});

describe("planServiceSearch", () => {
  it("searches around a place first, else from facet rows, else by name", () => {
    expect(planServiceSearch({ near: true, groups: 0 })).toEqual({ kind: "around-place" });
    expect(planServiceSearch({ near: true, groups: 2 })).toEqual({ kind: "around-place" });
    expect(planServiceSearch({ near: false, groups: 1 })).toEqual({ kind: "facet-rows" });
    expect(planServiceSearch({ near: false, groups: 0 })).toEqual({ kind: "by-name-scan" });
  });
});

describe("the domains of a single plan", () => {
  it("plans the accounts and the open data export through the same module", () => {
    expect(planAccountSearch()).toEqual({ kind: "accounts-by-text" });
    expect(planOpenDataExport()).toEqual({ kind: "keyset-by-id" });
  });
});
