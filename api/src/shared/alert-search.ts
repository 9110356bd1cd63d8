/**
 * « Me prévenir »: whether a list's search narrows the list at all, worth following by e-mail.
 * Read from the list's own search input (MediaSearchInput, ServiceSearchInput), by the server
 * before storing an alert and by the web before offering the button. A list's categories alone
 * are the list itself, and « Ouvert maintenant » (openNow, openAt) is a moment, not news.
 */
export interface FollowableSearch {
  /** The list's own categories: not a search by themselves. */
  categories?: unknown;
  textQuery?: string | null;
  locations?: readonly string[] | null;
  ages?: readonly string[] | null;
  thematics?: readonly string[] | null;
  networks?: readonly string[] | null;
  types?: readonly string[] | null;
  openOn?: readonly string[] | null;
  eventFrom?: unknown;
  eventTo?: unknown;
  eventPlace?: string | null;
  withVacancies?: boolean | null;
  near?: unknown;
}

const given = (values: readonly unknown[] | null | undefined): boolean => (values?.length ?? 0) > 0;
const text = (value: string | null | undefined): string => value?.trim() ?? "";

export function hasSearch(search: FollowableSearch): boolean {
  return (
    text(search.textQuery) !== "" ||
    given(search.locations) ||
    given(search.ages) ||
    Boolean(search.near) ||
    given(search.thematics) ||
    given(search.networks) ||
    Boolean(search.eventFrom) ||
    Boolean(search.eventTo) ||
    text(search.eventPlace) !== "" ||
    given(search.types) ||
    given(search.openOn) ||
    search.withVacancies === true
  );
}
