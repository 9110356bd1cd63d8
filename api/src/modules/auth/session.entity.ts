import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** A signed-in browser. The cookie carries a random token; only its hash is stored. */
@Entity("session")
@Index("IDX_session_user", ["userId"])
@Index("IDX_session_expires", ["expiresAt"])
export class Session {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @Column({ type: "varchar", length: 36 })
  userId: string;

  /** 'Rester connecté': a persistent cookie instead of a browser-session one. */
  @Column({ type: "boolean" })
  persistent: boolean;

  @Column({ type: "datetime" })
  createdAt: Date;

  @Column({ type: "datetime" })
  expiresAt: Date;
}
