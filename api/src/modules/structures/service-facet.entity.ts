import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Service } from "./service.entity";

/** What a service is found by beyond its own columns (types and ages are bit sets on the row). */
export type ServiceFacetKind = "location" | "owner" | "word";

@Entity("service_facet")
@Index("IDX_service_facet_sorted", ["facet", "value", "sortAt", "serviceId"])
export class ServiceFacet {
  @PrimaryColumn({ type: "varchar", length: 36 })
  serviceId: string;

  @PrimaryColumn({ type: "varchar", length: 20 })
  facet: ServiceFacetKind;

  @PrimaryColumn({ type: "varchar", length: 150 })
  value: string;

  /** The service's creation date: a criterion's most recent rows are read first. */
  @Column({ type: "datetime", nullable: true })
  sortAt: Date | null;

  @ManyToOne(() => Service, { onDelete: "CASCADE", onUpdate: "CASCADE" })
  @JoinColumn({ name: "serviceId", foreignKeyConstraintName: "FK_service_facet_service" })
  service?: Service;
}
