import { Field, ObjectType, registerEnumType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** What was written. */
export enum AuditAction {
  CREATE = "CREATE",
  UPDATE = "UPDATE",
  DELETE = "DELETE",
  /** An article made public: by its author or an administrator, or at its scheduled time. */
  PUBLISH = "PUBLISH",
  /** A service sheet confirmed as still accurate (by a member, or through its e-mailed link). */
  CONFIRM = "CONFIRM",
}
registerEnumType(AuditAction, {
  name: "AuditAction",
  description:
    "CREATE : création ; UPDATE : modification ; DELETE : suppression ; PUBLISH : publication d'un brouillon ou d'un article programmé ; " +
    "CONFIRM : fiche de service confirmée comme toujours exacte.",
});

/** What kind of item was written. */
export enum AuditItemType {
  MEDIA = "MEDIA",
  SERVICE = "SERVICE",
  USER = "USER",
}
registerEnumType(AuditItemType, {
  name: "AuditItemType",
  description: "MEDIA : article ; SERVICE : fiche de service ; USER : compte.",
});

/**
 * One write of a media, a service sheet or an account: who, when, what (the names of the
 * fields it changed). Kept one year (AuditService.purge), read by administrators only.
 */
@ObjectType({ description: "Une écriture d'un article, d'une fiche de service ou d'un compte (historique)." })
@Entity("audit_entry")
@Index("IDX_audit_item", ["itemType", "itemId", "at"])
@Index("IDX_audit_actor", ["actorId", "at"])
@Index("IDX_audit_at", ["at"])
export class AuditEntry {
  @Field(() => ID)
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  @Field(() => Date, { description: "Quand." })
  @Column({ type: "datetime" })
  at: Date;

  @Field(() => ID, {
    nullable: true,
    description:
      "Le compte qui a écrit ; null : une demande de partenariat, ou le portail lui-même (publication programmée).",
  })
  @Column({ type: "varchar", length: 36, nullable: true })
  actorId: string | null;

  @Field({ description: "Son nom à ce moment (« Nom Prénom »), ou « Visiteur »." })
  @Column({ type: "varchar", length: 150 })
  actorName: string;

  @Field(() => AuditItemType)
  @Column({ type: "varchar", length: 10 })
  itemType: AuditItemType;

  @Field(() => ID)
  @Column({ type: "varchar", length: 36 })
  itemId: string;

  @Field({ description: "Le titre, le nom de la structure ou du compte à ce moment." })
  @Column({ type: "varchar", length: 255 })
  itemLabel: string;

  @Field(() => AuditAction)
  @Column({ type: "varchar", length: 10 })
  action: AuditAction;

  @Field(() => [String], { description: "Les champs écrits (noms du schéma), pour une création ceux remplis." })
  @Column({ type: "simple-json" })
  fields: string[];
}
