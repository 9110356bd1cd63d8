import { type DataSource, In, type Repository } from "typeorm";
import type { Viewer } from "../../policies/viewer";
import { NotFoundError } from "../../errors";
import { canReadMedia, mediaVisibility } from "../../policies/media.policy";
import { requirePartner } from "../../policies/account.policy";
import {
  bitsCriterion,
  FacetFilter,
  type FacetGroup,
  insertRows,
  isSingle,
  measuredGroups,
  narrowestGroup,
  PROBED_WINDOW,
  type RowCriterion,
  whereRow,
  wordGroups,
} from "../common/facets";
import {
  COUNT_CAP,
  cappedCount,
  countedPage,
  dateParameter,
  facetSearchPage,
  groupItems,
  inOrder,
  type PageOfIds,
} from "../common/search-page";
import { type ComputedFields, RowsById } from "../common/rows-by-id";
import type { GeoService } from "../geo/geo.service";
import { Age, Category, Thematic } from "../reference/reference.data";
import { uploadLinkKey } from "../uploads/upload-links";
import { MediaFacet } from "./media-facet.entity";
import { type MediaDraft, mediaFacets, mediaRecord } from "./media-record";
import { Media } from "./media.entity";
import { EventTiming, type MediaSearchInput } from "./media.inputs";
import { MEDIA_FACETS, MediaListPages, pageOfPart, PROBED_LIST_WINDOW } from "./media-list-pages";

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
};

/** What a page of results and a detail leave out: the columns kept for searching. */
const SEARCH_COLUMNS = [
  "searchText",
  "eventAddressText",
  "categoryBits",
  "ageBits",
  "thematicBits",
  "eventEnd",
] as const satisfies readonly (keyof Media)[];

export interface MediaPage {
  count: number;
  countIsMinimum: boolean;
  results: Media[];
}

export class MediaService {
  private readonly repository: Repository<Media>;
  /** Every column a client may be shown (a detail), or those a page's selection needs. */
  private readonly shown: RowsById<Media>;
  /** Events by date, and lists read in their own order with their criteria probed. */
  private readonly lists: MediaListPages;

  constructor(
    private readonly dataSource: DataSource,
    private readonly geo: GeoService,
  ) {
    this.repository = dataSource.getRepository(Media);
    this.shown = new RowsById(dataSource, Media, { except: SEARCH_COLUMNS });
    this.lists = new MediaListPages(dataSource);
  }

  /**
   * One page of a search, newest first (events only: upcoming by start date, then past ones).
   * Criteria on the row (categories, ages, themes, visibility, dates) are tested inside the
   * list's index; facet criteria (places, networks, owner, words) drive the search from the
   * narrowest one's most recent candidates (see docs/ARCHITECTURE.md, « Searching »). `fields`:
   * the GraphQL fields asked of each result (cards show no article), else every column shown.
   */
  async search(
    viewer: Viewer,
    input: MediaSearchInput,
    { fields }: { fields?: ReadonlySet<string> } = {},
  ): Promise<MediaPage> {
    const qb = this.repository.createQueryBuilder("m").select("m.id", "id");
    const facets = new FacetFilter(qb, MEDIA_FACETS);
    // Criteria that facet rows carry too: tested on the media and on the driving facet rows.
    const row: RowCriterion[] = [
      ...bitsCriterion("categoryBits", Object.values(Category), input.categories),
      ...bitsCriterion("ageBits", Object.values(Age), input.ages),
      ...bitsCriterion("thematicBits", Object.values(Thematic), input.thematics),
    ];
    // Drafts and scheduled articles are listed to their authors only, in « Mes articles ».
    if (!input.mine) row.push({ column: "published", equals: 1 });
    // Whether the facet rows answer every criterion (else the media row is read too).
    let facetRowsSuffice = true;

    const visibility = mediaVisibility(viewer);
    if (visibility.kind !== "everything") {
      const allowed = [];
      if (visibility.networks.length > 0)
        allowed.push(facets.exists({ facet: "network", values: visibility.networks }));
      if (visibility.authorId) allowed.push(facets.exists({ facet: "owner", values: [visibility.authorId] }));
      if (allowed.length === 0) row.push({ column: "restricted", equals: 0 });
      else {
        qb.andWhere(`(m.restricted = 0 OR ${allowed.join(" OR ")})`);
        facetRowsSuffice = false;
      }
    }
    whereRow(qb, "m", row);

    // Event filters: the event's period meets [eventFrom, eventTo]; its address has every word of
    // eventPlace (its `place` facet rows, as words are found: whole, or a beginning from 3 letters).
    if (input.eventFrom) {
      qb.andWhere("m.eventEnd >= :eventFrom", { eventFrom: dateParameter(this.dataSource, input.eventFrom) });
    }
    if (input.eventTo) {
      qb.andWhere("m.eventFrom <= :eventTo", { eventTo: dateParameter(this.dataSource, input.eventTo) });
    }
    if (input.eventFrom || input.eventTo) facetRowsSuffice = false;
    const placeWords = wordGroups(input.eventPlace, "place");

    const groups: FacetGroup[] = [];
    const locations = await this.geo.expandLocations(input.locations);
    if (locations.length > 0) groups.push({ facet: "location", values: locations });
    if (input.networks?.length) groups.push({ facet: "network", values: input.networks });
    if (input.mine) groups.push({ facet: "owner", values: [requirePartner(viewer).id] });
    groups.push(...wordGroups(input.textQuery), ...placeWords);

    const offset = input.page * input.pageSize;
    const timing = input.eventTiming ?? null;
    // A timing keeps events only (other media have no end date), in that timing's order; so do
    // event dates and an event place, and such a list is in the events' order too (upcoming first).
    if (timing) {
      qb.andWhere(`m.eventEnd ${timing === EventTiming.UPCOMING ? ">=" : "<"} :now`, {
        now: dateParameter(this.dataSource, new Date()),
      });
      facetRowsSuffice = false;
    }
    const eventsOnly =
      timing !== null ||
      Boolean(input.eventFrom || input.eventTo) ||
      placeWords.length > 0 ||
      (input.categories?.length === 1 && input.categories[0] === Category.EVENT);
    let page: PageOfIds;
    if (groups.length === 0) {
      if (eventsOnly) page = await this.lists.eventsPage(qb, offset, input.pageSize, timing);
      else {
        qb.orderBy("m.createdAt", "DESC").addOrderBy("m.id", "DESC");
        page = await countedPage(this.dataSource, qb, offset, input.pageSize, COUNT_CAP);
      }
    } else if (facetRowsSuffice && !eventsOnly) {
      page = await facetSearchPage(this.dataSource, MEDIA_FACETS, groups, row, offset, input.pageSize);
    } else {
      // The narrowest criterion drives, joined to the media (the viewer's networks, event
      // dates or order); the count probes its PROBED_WINDOW most recent rows.
      const measured = await measuredGroups(this.dataSource, MEDIA_FACETS, groups, row);
      const narrowest = narrowestGroup(measured.groups, measured.sizes);
      const drive = measured.groups[narrowest];
      // A window of the driver's first candidates serves only when it holds them all, or when
      // it is read in the list's own order: events are listed by date, and a group of several
      // values (a town and its EPCI) is windowed. Past PROBED_WINDOW candidates, the media are
      // read in the list's order from their own indexes, each probed for every criterion.
      if (measured.sizes[narrowest] >= PROBED_WINDOW && (eventsOnly || !isSingle(drive))) {
        const probes = measured.groups;
        if (eventsOnly) {
          // Every event of one group, upcoming and past, when nothing but its facet rows says
          // which: counted from the group's index, as a list without facets is from the media's.
          const total =
            timing === null && facetRowsSuffice && probes.length === 1
              ? await cappedCount(this.dataSource, groupItems(this.dataSource, MEDIA_FACETS, drive, row), COUNT_CAP)
              : null;
          page = await this.lists.eventsPage(qb, offset, input.pageSize, timing, probes, total);
        } else {
          qb.orderBy("m.createdAt", "DESC").addOrderBy("m.id", "DESC");
          const part = await this.lists.listPart(qb, probes, offset, input.pageSize, COUNT_CAP, PROBED_LIST_WINDOW);
          page = pageOfPart(part, offset);
        }
        return this.pageOfMedia(page, fields);
      }
      const others = measured.groups.filter((_, index) => index !== narrowest);
      const pageQuery = qb.clone();
      const filter = new FacetFilter(pageQuery, MEDIA_FACETS, "p");
      if (timing === EventTiming.UPCOMING) {
        filter.drive(drive, row, { window: true });
        pageQuery.orderBy("m.eventFrom", "ASC").addOrderBy("m.id", "ASC");
      } else if (timing === EventTiming.PAST) {
        filter.drive(drive, row, { window: true });
        pageQuery.orderBy("m.eventFrom", "DESC").addOrderBy("m.id", "DESC");
      } else if (eventsOnly) {
        filter.drive(drive, row, { window: true });
        pageQuery
          .orderBy("CASE WHEN m.eventEnd >= :now THEN 0 ELSE 1 END", "ASC")
          .addOrderBy("CASE WHEN m.eventEnd >= :now THEN m.eventFrom END", "ASC")
          .addOrderBy("m.eventFrom", "DESC")
          .addOrderBy("m.id", "ASC")
          .setParameter("now", dateParameter(this.dataSource, new Date()));
      } else {
        const [at, id] = filter.drive(drive, row, { window: false });
        pageQuery.orderBy(at, "DESC").addOrderBy(id, "DESC");
      }
      others.forEach((group) => filter.require(group));
      const countQuery = qb.clone();
      const counter = new FacetFilter(countQuery, MEDIA_FACETS, "c");
      counter.drive(drive, row, { window: true }, PROBED_WINDOW);
      others.forEach((group) => counter.require(group));
      page = await countedPage(this.dataSource, pageQuery, offset, input.pageSize, COUNT_CAP, {
        countQuery,
        candidatesCapped: measured.sizes[narrowest] >= PROBED_WINDOW,
      });
    }
    return this.pageOfMedia(page, fields);
  }

  /** A page of ids as the media of a page (the columns `fields` need, else every column shown). */
  private async pageOfMedia(page: PageOfIds, fields: ReadonlySet<string> | undefined): Promise<MediaPage> {
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
    if (!media || !canReadMedia(viewer, media)) throw new NotFoundError("Cet article est introuvable.");
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
