import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import type { HoursFacet } from "./opening-hours";
import { Sheet } from "./sheet.entity";

/**
 * What a service is found by beyond its own columns (types and ages are bit sets on the row):
 * its places (own town, EPCI, covered EPCIs), its members, its words (with a word per type, see
 * typeWord), the EPCIs it declares to cover (`covers`: « intervient sur votre commune »), its
 * opening hours (`open`, `mayOpen`, `hours`, `closed`) and, when its availability names places,
 * the Paris day it was given (`vacancy`: « Avec des places disponibles »).
 */
export type SheetFacetKind = "location" | "owner" | "word" | "covers" | "vacancy" | HoursFacet;

@Entity("service_facet")
// A criterion's rows in the directory's order (by name), with what the searches test on them
// (and, for `covers` rows, the position a search around a place sorts them by).
@Index("IDX_service_facet_by_name", [
  "facet",
  "value",
  "sortName",
  "serviceId",
  "typeBits",
  "ageBits",
  "latitude",
  "longitude",
])
export class SheetFacet {
  @PrimaryColumn({ type: "varchar", length: 36 })
  serviceId: string;

  @PrimaryColumn({ type: "varchar", length: 20 })
  facet: SheetFacetKind;

  @PrimaryColumn({ type: "varchar", length: 150 })
  value: string;

  /** The service's name (its first 150 characters): a criterion's rows are read by name. */
  @Column({ type: "varchar", length: 150, default: "" })
  sortName: string;

  /** Copies of the service's bit sets, tested inside the facet index. */
  @Column({ type: "int", default: () => "0" })
  typeBits: number;

  @Column({ type: "int", default: () => "0" })
  ageBits: number;

  /**
   * On `covers` rows, copies of the service's position (null on the others): a search around a
   * place sorts the covering services by distance from their facet rows alone (nearPage).
   */
  @Column({ type: "double", nullable: true })
  latitude: number | null;

  @Column({ type: "double", nullable: true })
  longitude: number | null;

  @ManyToOne(() => Sheet, { onDelete: "CASCADE", onUpdate: "CASCADE" })
  @JoinColumn({ name: "serviceId", foreignKeyConstraintName: "FK_service_facet_service" })
  service?: Sheet;
}
