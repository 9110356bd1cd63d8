import { expect } from "vitest";

/** A page of a search as the API answers it. */
export interface SearchPage {
  count: number;
  countIsMinimum: boolean;
  results: { id: string }[];
}

/**
 * Walks every page of a search (pages of 100) and compares each with the same slice of `ids`,
 * the search's matches in the list's order: none left out, none twice. Each count covers the
 * pages served and never says more than there are; exact when not a minimum, and on the last page; a page past the end is empty and says no more.
 * Answers the last page. `lastPageExact: false`: a plan whose last page gives the exact number but
 * still calls it a minimum (a list past COUNT_CAP read by countedPage, or a driver past the
 * probed window): the number is checked, not the flag.
 */
export async function walkPages(
  read: (page: number, pageSize: number) => Promise<SearchPage>,
  ids: string[],
  { lastPageExact = true }: { lastPageExact?: boolean } = {},
) {
  const pageSize = 100;
  let last: SearchPage | undefined;
  for (let page = 0; page * pageSize <= ids.length; page++) {
    const answer = await read(page, pageSize);
    const slice = ids.slice(page * pageSize, (page + 1) * pageSize);
    expect(
      answer.results.map((item) => item.id),
      `page ${page}`,
    ).toEqual(slice);
    const more = (page + 1) * pageSize < ids.length ? 1 : 0;
    expect(answer.count, `page ${page}`).toBeGreaterThanOrEqual(page * pageSize + slice.length + more);
    expect(answer.count, `page ${page}`).toBeLessThanOrEqual(ids.length);
    if (!answer.countIsMinimum) expect(answer.count, `page ${page}`).toBe(ids.length);
    // The last page, read to the end of the list, knows the count.
    if (slice.length > 0 && more === 0)
      expect(answer, `page ${page}`).toMatchObject(
        lastPageExact ? { count: ids.length, countIsMinimum: false } : { count: ids.length },
      );
    last = answer;
  }
  // A page past the end (an old link) is empty, and its count does not grow to the page asked for.
  const past = await read(Math.ceil(ids.length / pageSize) + 2, pageSize);
  expect(past.results).toEqual([]);
  expect(past.count, "page past the end").toBeLessThanOrEqual(ids.length);
  return last!;
}
