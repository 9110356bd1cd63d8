import { randomUUID } from "node:crypto";
import { bitsOf } from "../common/bits";
import { latitudeBand } from "../geo/distance";
import { facetRows } from "../common/facets";
import { indexWords, normalizeSearchText, quillPlainText } from "../common/text-normalization";
import { Age, Category, Thematic } from "../reference/reference.data";
import { uploadLinksIn } from "../uploads/upload-links";
import { MediaFacet, type MediaFacetKind } from "./media-facet.entity";
import { Media } from "./media.entity";

/** The fields a caller provides; the service fills ids, dates and derived columns. */
export type MediaDraft = Omit<
  Media,
  | "id"
  | "createdAt"
  | "updatedAt"
  | "restricted"
  | "searchText"
  | "eventAddressText"
  | "location"
  | "publication"
  | "published"
  | "publishAt"
  | "categoryBits"
  | "ageBits"
  | "thematicBits"
  | "eventEnd"
  | "eventLatitudeBand"
> & {
  createdAt?: Date;
  /** Published unless said otherwise (a draft: false without publishAt). */
  published?: boolean;
  publishAt?: Date | null;
};

/** A media row with its derived columns (visibility flag, search texts), as every writer stores it. */
export function mediaRecord(draft: MediaDraft & { id?: string }, now: Date): Media {
  return Object.assign(new Media(), draft, {
    id: draft.id ?? randomUUID(),
    createdAt: draft.createdAt ?? now,
    updatedAt: now,
    restricted: draft.networks.length > 0,
    published: draft.published ?? true,
    publishAt: draft.publishAt ?? null,
    searchText: normalizeSearchText([draft.title, draft.description ?? "", quillPlainText(draft.article)].join(" ")),
    categoryBits: bitsOf(Object.values(Category), draft.categories),
    ageBits: bitsOf(Object.values(Age), draft.ages),
    thematicBits: bitsOf(Object.values(Thematic), draft.thematics),
    eventEnd: draft.eventTo ?? draft.eventFrom ?? null,
    // Events alone are searched around a place: other media stay out of the position index.
    eventLatitudeBand:
      (draft.eventTo ?? draft.eventFrom) && draft.longitude !== null ? latitudeBand(draft.latitude) : null,
    eventAddressText: draft.eventAddress ? normalizeSearchText(draft.eventAddress).slice(0, 255) : null,
  });
}

/** The facet rows of a media: one per value it can be filtered on. */
export function mediaFacets(media: Media): MediaFacet[] {
  return facetRows<MediaFacetKind, MediaFacet>(
    {
      network: media.networks,
      location: [...media.epci, ...media.city],
      owner: media.userIds,
      word: indexWords(media.searchText),
      place: media.eventAddress ? indexWords(media.eventAddress) : [],
      file: uploadLinksIn([media.mainPicture, ...media.files.map((file) => file.path), media.article]),
    },
    (facet, value) =>
      Object.assign(new MediaFacet(), {
        mediaId: media.id,
        facet,
        value,
        sortAt: media.createdAt,
        restricted: media.restricted,
        categoryBits: media.categoryBits,
        ageBits: media.ageBits,
        thematicBits: media.thematicBits,
        published: media.published,
      }),
  );
}
