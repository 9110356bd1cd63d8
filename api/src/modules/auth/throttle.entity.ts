import { Column, Entity, PrimaryColumn } from "typeorm";

/** Failed attempts counted under one key (an account, an address, or both) in a time window. */
@Entity("throttle")
export class ThrottleEntry {
  @PrimaryColumn({ type: "varchar", length: 200 })
  key: string;

  @Column({ type: "integer" })
  hits: number;

  @Column({ type: "datetime" })
  windowStart: Date;

  @Column({ type: "datetime", nullable: true })
  blockedUntil: Date | null;
}
