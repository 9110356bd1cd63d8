import { IsOptional, MaxLength } from "class-validator";
import { Field, InputType } from "type-graphql";
import { ID } from "../common/id.scalar";
import { MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE, REPORT_MESSAGE_MAX } from "../../shared/form-rules";
import { ReportItemType } from "./report.entity";
import { KeptAsSent } from "../common/text-arguments";

@InputType({ description: "« Signaler une erreur » sur une fiche de service ou un article (sans compte)." })
export class ReportInput {
  @Field(() => ReportItemType)
  itemType: ReportItemType;

  @Field(() => ID)
  @MaxLength(36, { message: "La ressource demandée est introuvable." })
  itemId: string;

  @Field({ description: "Ce qui est inexact (10 à 2000 caractères)." })
  @KeptAsSent()
  // Checked against 2000 once cleaned (ReportService); this bounds what is read at all.
  @MaxLength(REPORT_MESSAGE_MAX * 2, { message: `Le message ne doit pas dépasser ${REPORT_MESSAGE_MAX} caractères.` })
  message: string;

  @Field(() => String, { nullable: true, description: "Adresse e-mail pour recevoir une réponse (facultative)." })
  @IsOptional()
  @MaxLength(MAX_EMAIL_LENGTH, { message: INVALID_EMAIL_MESSAGE })
  email?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Champ piège pour les robots : les personnes le laissent vide (le formulaire le cache).",
  })
  website?: string | null;
}
