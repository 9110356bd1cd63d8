import { IsOptional, Matches, MaxLength, ValidateNested } from "class-validator";
import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ALERT_LIMITS, ALERT_MESSAGES } from "../../shared/alerts-rules";
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from "../../shared/form-rules";
import { ID } from "../common/id.scalar";
import { MediaSearchInput } from "../media/media.inputs";
import { SheetSearchInput } from "../sheets/sheet.inputs";
import { AlertList, AlertRhythm, AlertStatus } from "./alert.entity";

registerEnumType(AlertList, {
  name: "AlertList",
  description: "La liste qu'une alerte surveille.",
  valuesConfig: {
    NEWS: { description: "Actualités (et évènements) : /actualites." },
    EVENTS: { description: "Évènements : /actualites?category=EVENT." },
    RESOURCES: { description: "Ressources : /ressources." },
    SERVICES: { description: "Services : /services." },
  },
});
registerEnumType(AlertRhythm, {
  name: "AlertRhythm",
  description: "DAILY : dès qu'il y a du nouveau (un e-mail par jour au plus) ; WEEKLY : une fois par semaine.",
});
registerEnumType(AlertStatus, {
  name: "AlertStatus",
  description: "PENDING : à confirmer ; ACTIVE ; PAUSED : en pause ; ENDED : terminée.",
});

@InputType({ description: "« Me prévenir » : une alerte par e-mail sur une recherche, sans compte." })
export class AlertSubscriptionInput {
  @Field({ description: "L'adresse qui recevra les e-mails (un e-mail de confirmation d'abord)." })
  @MaxLength(MAX_EMAIL_LENGTH, { message: INVALID_EMAIL_MESSAGE })
  @Matches(EMAIL_PATTERN, { message: INVALID_EMAIL_MESSAGE })
  email: string;

  @Field(() => AlertList)
  list: AlertList;

  @Field(() => MediaSearchInput, {
    nullable: true,
    description:
      "La recherche des listes NEWS, EVENTS (catégorie EVENT imposée) et RESOURCES ; page et taille ignorées.",
  })
  @IsOptional()
  @ValidateNested()
  media?: MediaSearchInput | null;

  @Field(() => SheetSearchInput, {
    nullable: true,
    description: "La recherche de la liste SERVICES ; page, taille, openNow et openAt ignorés.",
  })
  @IsOptional()
  @ValidateNested()
  services?: SheetSearchInput | null;

  @Field(() => AlertRhythm)
  rhythm: AlertRhythm;

  @Field(() => String, { nullable: true, description: "Le nom du lieu cherché autour (« Lescar »), pour le libellé." })
  @IsOptional()
  @MaxLength(ALERT_LIMITS.placeLabelMax, { message: ALERT_MESSAGES.placeTooLong })
  placeLabel?: string | null;
}

@ObjectType({
  description:
    "La réponse à une demande d'alerte ou du lien « Mes alertes » : toujours la même, que l'adresse ait des alertes ou non.",
})
export class AlertSubscriptionResult {
  @Field() message: string;
}

@ObjectType("Alert", { description: "Une alerte « Me prévenir », telle que la voit son destinataire (sans compte)." })
export class AlertView {
  @Field(() => ID) id: string;
  @Field(() => AlertList) list: AlertList;
  @Field({ description: "« Crèches avec places · 10 km autour de Lescar »." }) label: string;
  @Field(() => AlertRhythm) rhythm: AlertRhythm;
  @Field(() => AlertStatus) status: AlertStatus;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true, description: "Quand le lien de confirmation a été ouvert (l'accord)." })
  confirmedAt: Date | null;
  @Field(() => Date, { nullable: true }) lastSentAt: Date | null;
  @Field({ description: "La liste avec cette recherche (chemin et paramètres) : « Voir la recherche »." })
  listPath: string;
}

@ObjectType({ description: "« Mes alertes » : les alertes d'une adresse, ouvertes par son lien signé." })
export class AlertsOfAddress {
  @Field() email: string;
  @Field(() => [AlertView]) alerts: AlertView[];
}

@ObjectType({ description: "Le nombre d'alertes actives et à confirmer d'une liste ou d'un lieu." })
export class AlertCount {
  @Field({ description: "La liste (NEWS…) ou le lieu ; « Sans lieu » pour les recherches sans lieu." }) key: string;
  @Field(() => Int) active: number;
  @Field(() => Int) pending: number;
}

@ObjectType({ description: "Une recherche suivie qui ne trouve rien aujourd'hui." })
export class EmptyAlertSearch {
  @Field(() => AlertList) list: AlertList;
  @Field() label: string;
  @Field({ description: "La liste avec cette recherche." }) listPath: string;
  @Field(() => Int, { description: "Alertes actives sur cette recherche." }) subscribers: number;
}

@ObjectType({ description: "Les alertes en chiffres, pour l'équipe (aucune adresse)." })
export class AlertStats {
  @Field(() => [AlertCount]) byList: AlertCount[];
  @Field(() => [AlertCount]) byPlace: AlertCount[];
  @Field(() => [EmptyAlertSearch], {
    description: "Parmi les recherches les plus suivies (100 au plus), celles qui ne trouvent rien aujourd'hui.",
  })
  emptySearches: EmptyAlertSearch[];
  @Field(() => Int, { description: "Recherches distinctes examinées." }) searchesChecked: number;
}
