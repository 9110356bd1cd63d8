import type { ApolloCache } from "@apollo/client";

/**
 * After a media is written: the mutation's answer (MediaFull, normalised by id)
 * updates the detail; every cached list page is dropped, so lists are fetched
 * again with the change (new item, new category, title, dates…).
 */
export function evictMediaLists(cache: ApolloCache): void {
  cache.evict({ fieldName: "mediaSearch" });
  cache.gc();
}
