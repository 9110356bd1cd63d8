import { Column, Entity, Index, PrimaryColumn } from "typeorm";

export type UserTokenPurpose = "SET_PASSWORD" | "RESET_PASSWORD";

/** A single-use link token (set or reset a password). Only its hash is stored. */
@Entity("user_token")
@Index("IDX_user_token_user", ["userId"])
export class UserToken {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @Column({ type: "varchar", length: 36 })
  userId: string;

  @Column({ type: "varchar", length: 20 })
  purpose: UserTokenPurpose;

  @Column({ type: "datetime" })
  createdAt: Date;

  @Column({ type: "datetime" })
  expiresAt: Date;

  @Column({ type: "datetime", nullable: true })
  usedAt: Date | null;
}
