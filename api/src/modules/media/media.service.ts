import { randomUUID } from "node:crypto";
import { DataSource, EntityManager, Repository } from "typeorm";
import { Viewer } from "../../context";
import { NotFoundError } from "../../errors";
import { canReadMedia, mediaVisibility } from "../../policies/media.policy";
import { FacetFilter, facetRows } from "../common/facets";
import { normalizeSearchText, quillPlainText, searchWords } from "../common/search-text";
import { MediaFacet, MediaFacetKind } from "./media-facet.entity";
import { Media } from "./media.entity";
import { MediaSearchInput } from "./media.inputs";

export interface MediaPage {
  count: number;
  results: Media[];
}

/** The fields a caller provides; the service fills ids, dates and derived columns. */
export type MediaDraft = Omit<Media, "id" | "createdAt" | "updatedAt" | "restricted" | "searchText" | "location"> & {
  createdAt?: Date;
};

export class MediaService {
  private readonly repository: Repository<Media>;

  constructor(private readonly dataSource: DataSource) {
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
      .anyOf("location", input.locations);

    const visibility = mediaVisibility(viewer);
    if (visibility.kind !== "everything") {
      qb.andWhere(
        visibility.networks.length > 0
          ? `(m.restricted = 0 OR ${facets.exists("network", visibility.networks)})`
          : "m.restricted = 0",
      );
    }

    searchWords(input.textQuery).forEach((word, index) => {
      qb.andWhere(`m.searchText LIKE :word${index}`, { [`word${index}`]: `%${word}%` });
    });

    const count = await qb.getCount();
    const results = await qb
      .orderBy("m.createdAt", "DESC")
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
      });
      await manager.save(Media, media);
      await this.replaceFacets(manager, media);
      return media;
    });
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
