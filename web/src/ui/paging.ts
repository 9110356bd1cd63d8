import { PUBLIC_PAGE_SIZE, RESULT_WINDOW } from "../rules";

/** Results on a page of a public list (spec §9). */
export const PAGE_SIZE = PUBLIC_PAGE_SIZE;

/** The last page a list can show: the API pages through the first RESULT_WINDOW results only. */
export const LAST_PAGE = Math.ceil(RESULT_WINDOW / PAGE_SIZE);
