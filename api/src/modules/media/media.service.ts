import { type DataSource, In, type Repository } from "typeorm";
import type { Viewer } from "../../policies/viewer";
import { NotFoundError } from "../../errors";
import { canReadMedia } from "../../policies/media.policy";
import { insertRows } from "../common/facets";
import { dateParameter, inOrder, type PageOfIds } from "../common/search-page";
import { type ComputedFields, RowsById } from "../common/rows-by-id";
import type { GeoService } from "../geo/geo.service";
import { uploadLinkKey } from "../uploads/upload-links";
import { MediaFacet } from "./media-facet.entity";
import { type MediaDraft, mediaFacets, mediaRecord } from "./media-record";
import { Media } from "./media.entity";
import { type MediaSearchInput } from "./media.inputs";
import { MEDIA_FACETS } from "../search/media-lists";
import { mediaSearch, searchMediaIds } from "../search/media-search";
import { nextEventStart } from "../search/events-near";
import { MEDIA_NOT_FOUND } from "../../shared/rules";

export { MEDIA_FACETS };

/**
 * The GraphQL fields of a media computed from its columns (the entity's getters, MediaResolver's
 * field resolvers) and the columns each reads: a page reads the columns its selection needs.
 */
export const MEDIA_COMPUTED_FIELDS: ComputedFields<Media> = {
  __typename: [],
  publication: ["published", "publishAt"],
  location: ["latitude", "longitude"],
  owner: ["userIds"],
  viewerCan: ["userIds"],
  icalendar: ["title", "description", "eventFrom", "eventTo", "eventAddress", "city"],
  distanceKm: ["latitude", "longitude"],
};

/** What a page of results and a detail leave out: the columns kept for searching. */
const SEARCH_COLUMNS = [
  "searchText",
  "eventAddressText",
  "categoryBits",
  "ageBits",
  "thematicBits",
  "eventEnd",
  "eventLatitudeBand",
] as const satisfies readonly (keyof Media)[];

export interface MediaPage {
  count: number;
  countIsMinimum: boolean;
  results: Media[];
  /** No event in a period that has an end: when the first event after it starts (null: none). */
  nextEventFrom: Date | null;
}

export class MediaService {
  private readonly repository: Repository<Media>;
  /** Every column a client may be shown (a detail), or those a page's selection needs. */
  private readonly shown: RowsById<Media>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly geo: GeoService,
  ) {
    this.repository = dataSource.getRepository(Media);
    this.shown = new RowsById(dataSource, Media, { except: SEARCH_COLUMNS });
  }

  /**
   * One page of a search, newest first (events only: upcoming by start date, then past ones),
   * planned and read by the search module (search/media-search.ts). `fields`: the GraphQL fields
   * asked of each result (cards show no article), else every column shown.
   */
  async search(
    viewer: Viewer,
    input: MediaSearchInput,
    { fields }: { fields?: ReadonlySet<string> } = {},
  ): Promise<MediaPage> {
    const locations = await this.geo.expandLocations(input.locations);
    const search = mediaSearch(this.dataSource, viewer, input, locations);
    const { page, groups } = await searchMediaIds(this.dataSource, search);
    let nextEventFrom: Date | null = null;
    // An empty period names the next date that has events, with the same other criteria.
    if (page.count === 0 && search.eventsOnly && input.eventTo) {
      const otherwise = mediaSearch(this.dataSource, viewer, { ...input, eventFrom: null, eventTo: null }, locations);
      nextEventFrom = await nextEventStart(this.dataSource, { qb: otherwise.qb, groups }, search.around, input.eventTo);
    }
    return { ...(await this.pageOfMedia(page, fields)), nextEventFrom };
  }

  /** A page of ids as the media of a page (the columns `fields` need, else every column shown). */
  private async pageOfMedia(
    page: PageOfIds,
    fields: ReadonlySet<string> | undefined,
  ): Promise<Omit<MediaPage, "nextEventFrom">> {
    return {
      count: page.count,
      countIsMinimum: page.countIsMinimum,
      results: inOrder(
        page.ids,
        await this.shown.read(page.ids, fields ? this.shown.columnsFor(fields, MEDIA_COMPUTED_FIELDS) : null),
      ),
    };
  }

  /**
   * A media the viewer may read; restricted or unknown ids both answer "not found". Its search
   * columns stay in the database: the detail shows none of them (searchText repeats the article).
   */
  async findVisible(viewer: Viewer, id: string): Promise<Media> {
    const [media] = await this.shown.read([id]);
    if (!media || !canReadMedia(viewer, media)) throw new NotFoundError(MEDIA_NOT_FOUND);
    return media;
  }

  /** Stores a media with its derived columns and facets, in one transaction. */
  async save(draft: MediaDraft & { id?: string }): Promise<Media> {
    return this.dataSource.transaction(async (manager) => {
      const media = mediaRecord(draft, new Date());
      await manager.save(Media, media);
      await manager.delete(MediaFacet, { mediaId: media.id });
      const rows = mediaFacets(media);
      await insertRows(manager, MediaFacet, rows);
      return media;
    });
  }

  /**
   * Publishes the scheduled articles whose time has come: each becomes public, dated at its
   * scheduled time (the lists' order and « Publié le »), with its facet rows. An article is
   * taken by one caller only (the update's condition), so that several instances of the
   * portal may run this together. Returns the articles published by this call.
   */
  async publishDue(now: Date): Promise<Media[]> {
    const due = await this.repository
      .createQueryBuilder("m")
      .select("m.id", "id")
      .where("m.published = :draft AND m.publishAt <= :now", {
        draft: 0,
        now: dateParameter(this.dataSource, now),
      })
      .orderBy("m.publishAt", "ASC")
      .getRawMany<{ id: string }>();
    const published: Media[] = [];
    for (const { id } of due) {
      const media = await this.dataSource.transaction(async (manager) => {
        const current = await manager.findOneBy(Media, { id });
        if (!current || current.published || !current.publishAt || current.publishAt > now) return null;
        const at = current.publishAt;
        const taken = await manager
          .createQueryBuilder()
          .update(Media)
          .set({ published: true, publishAt: null, createdAt: at, updatedAt: now })
          .where("id = :id AND published = :draft", { id, draft: 0 })
          .execute();
        if (taken.affected !== 1) return null;
        await manager.update(MediaFacet, { mediaId: id }, { published: true, sortAt: at });
        return Object.assign(current, { published: true, publishAt: null, createdAt: at, updatedAt: now });
      });
      if (media) published.push(media);
    }
    return published;
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(MediaFacet, { mediaId: id });
      await manager.delete(Media, { id });
    });
  }

  /**
   * The links among `links` that a media still uses: as its picture, an attachment, a body image
   * or a link in its text. Read from the media's `file` facet rows: one index lookup for all the
   * links, whatever the number of media. A link no facet row can hold (see uploadLinkKey) is
   * taken as used: no upload has such a link (their keys are random letters and digits), and
   * keeping a file is the safe side.
   */
  async linksInUse(links: readonly string[]): Promise<Set<string>> {
    const keys = [...new Set(links.map(uploadLinkKey).filter((key) => key !== null))];
    const rows = keys.length
      ? await this.dataSource
          .createQueryBuilder()
          .select("f.value", "value")
          .distinct()
          .from(MediaFacet, "f")
          .where("f.facet = 'file' AND f.value IN (:...keys)", { keys })
          .getRawMany<{ value: string }>()
      : [];
    const found = new Set(rows.map(({ value }) => value.toLowerCase()));
    return new Set(
      links.filter((link) => {
        const key = uploadLinkKey(link);
        return key === null || found.has(key);
      }),
    );
  }

  /** Media by id, in one query (for loaders). */
  findByIds(ids: readonly string[]): Promise<Media[]> {
    return this.repository.findBy({ id: In([...ids]) });
  }
}
