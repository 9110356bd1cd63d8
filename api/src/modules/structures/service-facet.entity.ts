import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Service } from "./service.entity";

/** What a service can be filtered on; one row per value. */
export type ServiceFacetKind = "type" | "age" | "location" | "owner";

@Entity("service_facet")
@Index("IDX_service_facet_lookup", ["facet", "value", "serviceId"])
export class ServiceFacet {
  @PrimaryColumn({ type: "varchar", length: 36 })
  serviceId: string;

  @PrimaryColumn({ type: "varchar", length: 20 })
  facet: ServiceFacetKind;

  @PrimaryColumn({ type: "varchar", length: 150 })
  value: string;

  @ManyToOne(() => Service, { onDelete: "CASCADE", onUpdate: "CASCADE" })
  @JoinColumn({ name: "serviceId", foreignKeyConstraintName: "FK_service_facet_service" })
  service?: Service;
}
