import { randomUUID } from "node:crypto";
import { type DataSource, In, type Repository } from "typeorm";
import { NotFoundError } from "../../errors";
import { bitsOf } from "../common/bits";
import {
  bitsCriterion,
  type FacetGroup,
  facetRows,
  type FacetTable,
  insertRows,
  type RowCriterion,
  whereRow,
  wordGroups,
} from "../common/facets";
import { COUNT_CAP, countedPage, facetSearchPage, inOrder, type PageOfIds } from "../common/search-page";
import { indexWords, normalizeSearchText, quillPlainText } from "../common/text-normalization";
import type { GeoService } from "../geo/geo.service";
import { Age, ServiceType } from "../reference/reference.data";
import { ServiceFacet, type ServiceFacetKind } from "./service-facet.entity";
import { Service } from "./service.entity";
import { type ServiceSearchInput } from "./service.inputs";

export interface ServicePage {
  count: number;
  countIsMinimum: boolean;
  results: Service[];
}

export type ServiceDraft = Omit<
  Service,
  "id" | "createdAt" | "updatedAt" | "searchText" | "location" | "typeBits" | "ageBits"
> & {
  createdAt?: Date;
};

/** Service facet rows are read by name, like the directory. */
export const SERVICE_FACETS: FacetTable = {
  table: "service_facet",
  owner: "serviceId",
  sort: "sortName",
  direction: "ASC",
};

/** The services directory (called "structures" in code, "Service" in the API). */
export class StructureService {
  private readonly repository: Repository<Service>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly geo: GeoService,
  ) {
    this.repository = dataSource.getRepository(Service);
  }

  /**
   * One page of the directory, by name. Types and ages are tested inside the name index (and
   * inside the facet index); places and words drive the search from the narrowest one, read
   * from its facet rows in name order (see MediaService.search).
   */
  async search(input: ServiceSearchInput): Promise<ServicePage> {
    const row: RowCriterion[] = [
      ...bitsCriterion("typeBits", Object.values(ServiceType), input.types),
      ...bitsCriterion("ageBits", Object.values(Age), input.ages),
    ];
    const groups: FacetGroup[] = [];
    const locations = await this.geo.expandLocations(input.locations);
    if (locations.length > 0) groups.push({ facet: "location", values: locations });
    groups.push(...wordGroups(input.textQuery));

    const offset = input.page * input.pageSize;
    let page: PageOfIds;
    if (groups.length > 0) {
      page = await facetSearchPage(this.dataSource, SERVICE_FACETS, groups, row, offset, input.pageSize);
    } else {
      const qb = this.repository.createQueryBuilder("s").select("s.id", "id");
      whereRow(qb, "s", row);
      qb.orderBy("s.serviceName", "ASC").addOrderBy("s.id", "ASC");
      page = await countedPage(this.dataSource, qb, offset, input.pageSize, COUNT_CAP);
    }
    const rows = page.ids.length ? await this.repository.findBy({ id: In(page.ids) }) : [];
    return { count: page.count, countIsMinimum: page.countIsMinimum, results: inOrder(page.ids, rows) };
  }

  /** The services an account is a member of (its userIds), by name. */
  ofMember(userId: string): Promise<Service[]> {
    return this.repository
      .createQueryBuilder("s")
      .where(
        "EXISTS (SELECT 1 FROM service_facet f WHERE f.serviceId = s.id AND f.facet = 'owner' AND f.value = :userId)",
        { userId },
      )
      .orderBy("s.serviceName", "ASC")
      .getMany();
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ServiceFacet, { serviceId: id });
      await manager.delete(Service, { id });
    });
  }

  async findById(id: string): Promise<Service> {
    const service = await this.repository.findOneBy({ id });
    if (!service) throw new NotFoundError("Ce service est introuvable.");
    return service;
  }

  /** Stores a service with its search column and facets, in one transaction. */
  async save(draft: ServiceDraft & { id?: string }): Promise<Service> {
    return this.dataSource.transaction(async (manager) => {
      const service = serviceRecord(draft, new Date());
      await manager.save(Service, service);
      await manager.delete(ServiceFacet, { serviceId: service.id });
      const rows = serviceFacets(service);
      await insertRows(manager, ServiceFacet, rows);
      return service;
    });
  }
}

/** A service row with its search column, as every writer stores it. */
export function serviceRecord(draft: ServiceDraft & { id?: string }, now: Date): Service {
  return Object.assign(new Service(), draft, {
    id: draft.id ?? randomUUID(),
    createdAt: draft.createdAt ?? now,
    updatedAt: now,
    searchText: normalizeSearchText(
      [draft.serviceName, draft.serviceManager, draft.city, quillPlainText(draft.description)].join(" "),
    ),
    typeBits: bitsOf(Object.values(ServiceType), draft.types),
    ageBits: bitsOf(Object.values(Age), draft.ages),
  });
}

/** The facet rows of a service: one per value it can be filtered on. */
export function serviceFacets(service: Service): ServiceFacet[] {
  return facetRows<ServiceFacetKind, ServiceFacet>(
    {
      // A service answers a location filter by its own town and EPCI and by the EPCIs it covers.
      location: [service.city, service.epci, ...service.coveredLocations],
      owner: service.userIds,
      word: indexWords(service.searchText),
    },
    (facet, value) =>
      Object.assign(new ServiceFacet(), {
        serviceId: service.id,
        facet,
        value,
        sortName: service.serviceName.slice(0, 150),
        typeBits: service.typeBits,
        ageBits: service.ageBits,
      }),
  );
}
