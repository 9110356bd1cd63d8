import { Column, Entity, PrimaryColumn } from "typeorm";

/** A fact every instance of the portal on one database must agree on (e.g. the session secret's fingerprint). */
@Entity("portal_setting")
export class PortalSetting {
  @PrimaryColumn({ type: "varchar", length: 50 })
  name: string;

  @Column({ type: "varchar", length: 255 })
  value: string;
}
