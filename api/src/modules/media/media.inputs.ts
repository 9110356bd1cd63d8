import { ArrayMaxSize, ArrayNotEmpty, IsOptional, IsUrl, Matches, MaxLength, ValidateNested } from "class-validator";
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, PHONE_PATTERN } from "../../shared/form-rules";
import {
  EVENT_PLACE_TOO_LONG,
  PLACE_NAME_MAX,
  PLACE_NAME_TOO_LONG,
  SEARCH_PLACES_MAX,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_TOO_LONG,
  TOO_MANY_SEARCH_PLACES,
} from "../../shared/search-limits";
import { MAX_ARTICLE_FILES, TOO_MANY_FILES } from "../../shared/upload-rules";
import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from "../../shared/article-rules";
import { Field, InputType, registerEnumType } from "type-graphql";
import { GeoPointInput, NearInput } from "../common/geo-point.type";
import { PageInput } from "../common/pagination.inputs";
import { Age, Category, Network, Thematic } from "../reference/reference.data";
import { PublicationStatus } from "./media.entity";
import { KeptAsSent } from "../common/text-arguments";

/** Which events a list shows: those not over yet, or those over. */
export enum EventTiming {
  UPCOMING = "UPCOMING",
  PAST = "PAST",
}
registerEnumType(EventTiming, {
  name: "EventTiming",
  description: "UPCOMING : évènements en cours ou à venir ; PAST : évènements passés.",
  valuesConfig: {
    UPCOMING: { description: "En cours ou à venir, du plus proche au plus lointain." },
    PAST: { description: "Terminés, du plus récent au plus ancien." },
  },
});

@InputType({ description: "Critères de recherche d'actualités, d'évènements et de ressources." })
export class MediaSearchInput extends PageInput {
  @Field(() => String, { nullable: true, description: "Texte recherché (sans accents ni majuscules requis)." })
  @IsOptional()
  @MaxLength(SEARCH_TEXT_MAX, { message: SEARCH_TEXT_TOO_LONG })
  textQuery?: string | null;

  @Field(() => [Category], { nullable: true })
  @IsOptional()
  categories?: Category[] | null;

  @Field(() => [String], { nullable: true, description: "Intercommunalités ou communes." })
  @IsOptional()
  @ArrayMaxSize(SEARCH_PLACES_MAX, { message: TOO_MANY_SEARCH_PLACES })
  @MaxLength(PLACE_NAME_MAX, { each: true, message: PLACE_NAME_TOO_LONG })
  locations?: string[] | null;

  @Field(() => [Age], { nullable: true })
  @IsOptional()
  ages?: Age[] | null;

  @Field(() => [Thematic], { nullable: true })
  @IsOptional()
  thematics?: Thematic[] | null;

  @Field(() => [Network], { nullable: true })
  @IsOptional()
  networks?: Network[] | null;

  @Field(() => Date, { nullable: true, description: "Évènements en cours ou à venir à partir de cette date." })
  @IsOptional()
  eventFrom?: Date | null;

  @Field(() => Date, { nullable: true, description: "Évènements commençant au plus tard à cette date." })
  @IsOptional()
  eventTo?: Date | null;

  @Field(() => EventTiming, {
    nullable: true,
    description:
      "Seulement les évènements à venir (par date de début) ou passés (les plus récents d'abord). Sans valeur, avec la seule catégorie EVENT : à venir puis passés.",
  })
  @IsOptional()
  eventTiming?: EventTiming | null;

  @Field(() => String, { nullable: true, description: "Lieu de l'évènement (mots de son adresse)." })
  @IsOptional()
  @MaxLength(SEARCH_TEXT_MAX, { message: EVENT_PLACE_TOO_LONG })
  eventPlace?: string | null;

  @Field(() => NearInput, {
    nullable: true,
    description:
      "Autour d'un lieu : les évènements (ceux qui ont une position) à moins de radiusKm, dans l'ordre des " +
      "évènements (à venir par date de début, puis passés) ; chacun dit sa distance (distanceKm).",
  })
  @IsOptional()
  @ValidateNested()
  near?: NearInput | null;

  @Field(() => Boolean, { nullable: true, description: "Seulement les articles du compte connecté." })
  @IsOptional()
  mine?: boolean | null;
}

@InputType("MediaFileInput")
export class MediaFileInput {
  @Field({ description: "Lien renvoyé par l'envoi du fichier (/uploads/…)." })
  @MaxLength(ARTICLE_LIMITS.fileLink, { message: ARTICLE_MESSAGES.fileLink })
  path: string;

  @Field()
  @MaxLength(ARTICLE_LIMITS.fileName, { message: ARTICLE_MESSAGES.fileNameTooLong })
  name: string;

  @Field()
  @MaxLength(ARTICLE_LIMITS.fileType, { message: ARTICLE_MESSAGES.fileType })
  type: string;
}

@InputType({ description: "Un article écrit ou modifié par un partenaire." })
export class MediaInput {
  @Field(() => String, { nullable: true, description: "Titre ; à défaut, le premier titre de niveau 1 du corps." })
  @IsOptional()
  @MaxLength(ARTICLE_LIMITS.title, { message: ARTICLE_MESSAGES.titleTooLong })
  title?: string | null;

  @Field({ description: "Corps : document Quill (delta JSON)." })
  @KeptAsSent()
  article: string;

  @Field(() => String, { nullable: true, description: "Résumé ; à défaut, le début du texte." })
  @KeptAsSent()
  @IsOptional()
  @MaxLength(ARTICLE_LIMITS.description, { message: ARTICLE_MESSAGES.descriptionTooLong })
  description?: string | null;

  @Field(() => [Category])
  @ArrayNotEmpty({ message: ARTICLE_MESSAGES.categories })
  categories: Category[];

  @Field(() => [Age])
  @ArrayNotEmpty({ message: ARTICLE_MESSAGES.ages })
  ages: Age[];

  @Field(() => [Thematic])
  @ArrayNotEmpty({ message: ARTICLE_MESSAGES.thematics })
  thematics: Thematic[];

  @Field(() => [Network], { defaultValue: [], description: "Réseaux autorisés ; vide : article public." })
  networks: Network[];

  @Field(() => [String], { defaultValue: [], description: "Intercommunalités concernées." })
  @ArrayMaxSize(ARTICLE_LIMITS.epci, { message: ARTICLE_MESSAGES.tooManyEpci })
  epci: string[];

  @Field(() => [String], { defaultValue: [], description: "Communes concernées." })
  @ArrayMaxSize(ARTICLE_LIMITS.towns, { message: ARTICLE_MESSAGES.tooManyTowns })
  city: string[];

  @Field(() => [String], {
    nullable: true,
    description:
      "Lieux concernés, communes ou intercommunalités du département, en toutes lettres (« Pau », « CA Pau Béarn Pyrénées » ; casse et accents indifférents). Donnés, ils remplacent city et epci.",
  })
  @IsOptional()
  @ArrayMaxSize(ARTICLE_LIMITS.places, { message: ARTICLE_MESSAGES.tooManyPlaces })
  @MaxLength(ARTICLE_LIMITS.placeName, { each: true, message: ARTICLE_MESSAGES.placeTooLong })
  locations?: string[] | null;

  @Field(() => [MediaFileInput], { defaultValue: [] })
  @ArrayMaxSize(MAX_ARTICLE_FILES, { message: TOO_MANY_FILES })
  @ValidateNested({ each: true })
  files: MediaFileInput[];

  @Field(() => Date, { nullable: true, description: "Début de l'évènement." })
  @IsOptional()
  eventFrom?: Date | null;

  @Field(() => Date, { nullable: true, description: "Fin de l'évènement." })
  @IsOptional()
  eventTo?: Date | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(ARTICLE_LIMITS.eventAddress, { message: ARTICLE_MESSAGES.eventAddressTooLong })
  eventAddress?: string | null;

  @Field(() => String, { nullable: true, description: "Évènement : adresse e-mail publique de l'organisateur." })
  @IsOptional()
  @Matches(EMAIL_PATTERN, { message: ARTICLE_MESSAGES.contactEmail })
  @MaxLength(MAX_EMAIL_LENGTH, { message: ARTICLE_MESSAGES.contactEmail })
  contactEmail?: string | null;

  @Field(() => String, { nullable: true, description: "Évènement : téléphone public de l'organisateur." })
  @IsOptional()
  @Matches(PHONE_PATTERN, { message: ARTICLE_MESSAGES.contactPhone })
  contactPhone?: string | null;

  @Field(() => String, { nullable: true, description: "Évènement : lien d'inscription (http:// ou https://)." })
  @IsOptional()
  @IsUrl({ protocols: ["http", "https"], require_protocol: true }, { message: ARTICLE_MESSAGES.registrationUrl })
  @MaxLength(ARTICLE_LIMITS.registrationUrl, { message: ARTICLE_MESSAGES.registrationUrlTooLong })
  registrationUrl?: string | null;

  @Field(() => PublicationStatus, {
    nullable: true,
    description:
      "PUBLISHED : publier maintenant ; DRAFT : enregistrer comme brouillon ; SCHEDULED : publier de lui-même à publishAt. Sans valeur : publié à la création, inchangé à la modification.",
  })
  @IsOptional()
  publication?: PublicationStatus | null;

  @Field(() => Date, {
    nullable: true,
    description: "Avec SCHEDULED : la date et l'heure de publication (à venir, dans un an au plus).",
  })
  @IsOptional()
  publishAt?: Date | null;

  @Field(() => GeoPointInput, { nullable: true, description: "Position ; à défaut, celle de la première commune." })
  @IsOptional()
  @ValidateNested()
  location?: GeoPointInput | null;
}
