import { randomUUID } from "node:crypto";
import { type DataSource, type EntityManager, In, type Repository } from "typeorm";
import type { Viewer } from "../../policies/viewer";
import { NotFoundError } from "../../errors";
import { canReadMedia, mediaVisibility } from "../../policies/media.policy";
import { requirePartner } from "../../policies/account.policy";
import { FacetFilter, facetRows } from "../common/facets";
import { normalizeSearchText, quillPlainText, searchWords } from "../common/text-normalization";
import type { GeoService } from "../geo/geo.service";
import { applyTextSearch, dateParameter } from "../common/full-text-search";
import { Category } from "../reference/reference.data";
import { MediaFacet, type MediaFacetKind } from "./media-facet.entity";
import { Media } from "./media.entity";
import { type MediaSearchInput } from "./media.inputs";

export interface MediaPage {
  count: number;
  results: Media[];
}

/** The fields a caller provides; the service fills ids, dates and derived columns. */
export type MediaDraft = Omit<
  Media,
  "id" | "createdAt" | "updatedAt" | "restricted" | "searchText" | "eventAddressText" | "location"
> & {
  createdAt?: Date;
};

export class MediaService {
  private readonly repository: Repository<Media>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly geo: GeoService,
  ) {
    this.repository = dataSource.getRepository(Media);
  }

  async search(viewer: Viewer, input: MediaSearchInput): Promise<MediaPage> {
    const qb = this.repository.createQueryBuilder("m");
    const facets = new FacetFilter(qb, "media_facet", "mediaId");
    facets
      .anyOf("category", input.categories)
      .anyOf("age", input.ages)
      .anyOf("thematic", input.thematics)
      .anyOf("network", input.networks)
      .anyOf("location", await this.geo.expandLocations(input.locations));
    if (input.mine) facets.anyOf("owner", [requirePartner(viewer).id]);

    const visibility = mediaVisibility(viewer);
    if (visibility.kind !== "everything") {
      const allowed = ["m.restricted = 0"];
      if (visibility.networks.length > 0) allowed.push(facets.exists("network", visibility.networks));
      if (visibility.authorId) allowed.push(facets.exists("owner", [visibility.authorId]));
      qb.andWhere(`(${allowed.join(" OR ")})`);
    }

    applyTextSearch(qb, "media", input.textQuery);

    // Event filters: the event's period meets [eventFrom, eventTo]; its address has every word of eventPlace.
    if (input.eventFrom) {
      qb.andWhere("COALESCE(m.eventTo, m.eventFrom) >= :eventFrom", {
        eventFrom: dateParameter(this.dataSource, input.eventFrom),
      });
    }
    if (input.eventTo) {
      qb.andWhere("m.eventFrom <= :eventTo", { eventTo: dateParameter(this.dataSource, input.eventTo) });
    }
    searchWords(input.eventPlace).forEach((word, index) => {
      qb.andWhere(`m.eventAddressText LIKE :place${index}`, { [`place${index}`]: `%${word}%` });
    });

    const count = await qb.getCount();
    // Newest first; a list of events only is in the order they take place.
    const eventsOnly = input.categories?.length === 1 && input.categories[0] === Category.EVENT;
    if (eventsOnly) qb.orderBy("m.eventFrom", "ASC").addOrderBy("m.createdAt", "DESC");
    else qb.orderBy("m.createdAt", "DESC");
    const results = await qb
      .addOrderBy("m.id", "DESC")
      .skip(input.page * input.pageSize)
      .take(input.pageSize)
      .getMany();
    return { count, results };
  }

  /** A media the viewer may read; restricted or unknown ids both answer "not found". */
  async findVisible(viewer: Viewer, id: string): Promise<Media> {
    const media = await this.repository.findOneBy({ id });
    if (!media || !canReadMedia(viewer, media)) throw new NotFoundError("Cet article est introuvable.");
    return media;
  }

  /** Stores a media with its derived columns and facets, in one transaction. */
  async save(draft: MediaDraft & { id?: string }): Promise<Media> {
    return this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const media = Object.assign(new Media(), draft, {
        id: draft.id ?? randomUUID(),
        createdAt: draft.createdAt ?? now,
        updatedAt: now,
        restricted: draft.networks.length > 0,
        searchText: normalizeSearchText(
          [draft.title, draft.description ?? "", quillPlainText(draft.article)].join(" "),
        ),
        eventAddressText: draft.eventAddress ? normalizeSearchText(draft.eventAddress).slice(0, 255) : null,
      });
      await manager.save(Media, media);
      await this.replaceFacets(manager, media);
      return media;
    });
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(MediaFacet, { mediaId: id });
      await manager.delete(Media, { id });
    });
  }

  /** The links among `links` that a media still uses, as an attachment or a body image. */
  async linksInUse(links: readonly string[]): Promise<Set<string>> {
    const used = new Set<string>();
    for (const link of new Set(links)) {
      const inUse = await this.repository
        .createQueryBuilder("m")
        .where("(m.article LIKE :pattern OR m.files LIKE :pattern)", { pattern: `%${link}%` })
        .getExists();
      if (inUse) used.add(link);
    }
    return used;
  }

  /** Media by id, in one query (for loaders). */
  findByIds(ids: readonly string[]): Promise<Media[]> {
    return this.repository.findBy({ id: In([...ids]) });
  }

  private async replaceFacets(manager: EntityManager, media: Media): Promise<void> {
    await manager.delete(MediaFacet, { mediaId: media.id });
    const rows = facetRows<MediaFacetKind, MediaFacet>(
      {
        category: media.categories,
        age: media.ages,
        thematic: media.thematics,
        network: media.networks,
        location: [...media.epci, ...media.city],
        owner: media.userIds,
      },
      (facet, value) => Object.assign(new MediaFacet(), { mediaId: media.id, facet, value }),
    );
    if (rows.length > 0) await manager.insert(MediaFacet, rows);
  }
}
