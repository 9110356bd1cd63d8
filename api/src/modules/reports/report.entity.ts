import { Field, ObjectType, registerEnumType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** What a report is about. */
export enum ReportItemType {
  SERVICE = "SERVICE",
  MEDIA = "MEDIA",
}
registerEnumType(ReportItemType, {
  name: "ReportItemType",
  description: "SERVICE : fiche de service ; MEDIA : article (actualité, évènement, ressource).",
});

/** Where a report stands. */
export enum ReportStatus {
  NEW = "NEW",
  HANDLED = "HANDLED",
  REJECTED = "REJECTED",
}
registerEnumType(ReportStatus, {
  name: "ReportStatus",
  description: "NEW : nouveau ; HANDLED : traité ; REJECTED : rejeté.",
});

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  [ReportStatus.NEW]: "Nouveau",
  [ReportStatus.HANDLED]: "Traité",
  [ReportStatus.REJECTED]: "Rejeté",
};

/**
 * « Signaler une erreur »: what a visitor says is wrong on a service sheet or an article,
 * e-mailed to its owner and listed for administrators (who alone read reports).
 */
@ObjectType({ description: "Un signalement d'erreur sur une fiche de service ou un article (administrateurs)." })
@Entity("report")
@Index("IDX_report_status", ["status", "createdAt"])
@Index("IDX_report_created", ["createdAt"])
export class Report {
  @Field(() => ID)
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  @Field(() => ReportItemType)
  @Column({ type: "varchar", length: 10 })
  itemType: ReportItemType;

  @Field(() => ID)
  @Column({ type: "varchar", length: 36 })
  itemId: string;

  @Field({ description: "Le titre de l'article ou le nom de la structure au moment du signalement." })
  @Column({ type: "varchar", length: 255 })
  itemLabel: string;

  @Field({ description: "L'adresse de la page sur le portail (« /services/… », « /actualites/… »)." })
  @Column({ type: "varchar", length: 255 })
  itemPath: string;

  @Field({ description: "Ce qui est inexact, selon la personne qui signale." })
  @Column({ type: "text" })
  message: string;

  @Field(() => String, { nullable: true, description: "L'adresse laissée pour recevoir une réponse, s'il y en a une." })
  @Column({ type: "varchar", length: 254, nullable: true })
  reporterEmail: string | null;

  @Field(() => ReportStatus)
  @Column({ type: "varchar", length: 10 })
  status: ReportStatus;

  @Field(() => Date)
  @Column({ type: "datetime" })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "Quand il a été marqué traité ou rejeté." })
  @Column({ type: "datetime", nullable: true })
  handledAt: Date | null;

  @Field(() => String, { nullable: true, description: "L'administrateur qui l'a marqué (« Nom Prénom »)." })
  @Column({ type: "varchar", length: 150, nullable: true })
  handledBy: string | null;
}
