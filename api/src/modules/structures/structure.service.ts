import { randomUUID } from "node:crypto";
import { type DataSource, type Repository } from "typeorm";
import { NotFoundError } from "../../errors";
import { FacetFilter, facetRows } from "../common/facets";
import { normalizeSearchText, quillPlainText } from "../common/text-normalization";
import type { GeoService } from "../geo/geo.service";
import { applyTextSearch } from "../common/full-text-search";
import { ServiceFacet, type ServiceFacetKind } from "./service-facet.entity";
import { Service } from "./service.entity";
import { type ServiceSearchInput } from "./service.inputs";

export interface ServicePage {
  count: number;
  results: Service[];
}

export type ServiceDraft = Omit<Service, "id" | "createdAt" | "updatedAt" | "searchText" | "location"> & {
  createdAt?: Date;
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

  async search(input: ServiceSearchInput): Promise<ServicePage> {
    const qb = this.repository.createQueryBuilder("s");
    new FacetFilter(qb, "service_facet", "serviceId")
      .anyOf("type", input.types)
      .anyOf("age", input.ages)
      .anyOf("location", await this.geo.expandLocations(input.locations));

    applyTextSearch(qb, "service", input.textQuery);

    const count = await qb.getCount();
    const results = await qb
      .orderBy("s.serviceName", "ASC")
      .addOrderBy("s.id", "ASC")
      .skip(input.page * input.pageSize)
      .take(input.pageSize)
      .getMany();
    return { count, results };
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
      const now = new Date();
      const service = Object.assign(new Service(), draft, {
        id: draft.id ?? randomUUID(),
        createdAt: draft.createdAt ?? now,
        updatedAt: now,
        searchText: normalizeSearchText(
          [draft.serviceName, draft.serviceManager, draft.city, quillPlainText(draft.description)].join(" "),
        ),
      });
      await manager.save(Service, service);
      await manager.delete(ServiceFacet, { serviceId: service.id });
      const rows = facetRows<ServiceFacetKind, ServiceFacet>(
        {
          type: service.types,
          age: service.ages,
          // A service answers a location filter by its own town and EPCI and by the EPCIs it covers.
          location: [service.city, service.epci, ...service.coveredLocations],
          owner: service.userIds,
        },
        (facet, value) => Object.assign(new ServiceFacet(), { serviceId: service.id, facet, value }),
      );
      if (rows.length > 0) await manager.insert(ServiceFacet, rows);
      return service;
    });
  }
}
