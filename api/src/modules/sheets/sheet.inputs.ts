import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsNotEmpty,
  IsOptional,
  IsUrl,
  Matches,
  MaxLength,
  ValidateNested,
} from "class-validator";
import {
  DEFAULT_RADIUS_KM,
  MAX_RADIUS_KM,
  PLACE_NAME_MAX,
  PLACE_NAME_TOO_LONG,
  SEARCH_PLACES_MAX,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_TOO_LONG,
  TOO_MANY_SEARCH_PLACES,
} from "../../shared/search-limits";
import { Field, InputType } from "type-graphql";
import { GeoPointInput, NearInput } from "../common/geo-point.type";
import { PageInput } from "../common/pagination.inputs";
import {
  EMAIL_PATTERN,
  INVALID_POSTCODE_MESSAGE,
  MAX_EMAIL_LENGTH,
  PHONE_PATTERN,
  POSTCODE_PATTERN,
} from "../../shared/form-rules";
import { SHEET_LIMITS, SHEET_MESSAGES } from "../../shared/sheet-rules";
import { Age, ServiceType } from "../reference/reference.data";
import { OpeningHoursInput, Weekday } from "./opening-hours.types";
import { KeptAsSent } from "../common/text-arguments";
import { AvailabilityInput } from "./availability";

export { DEFAULT_RADIUS_KM, MAX_RADIUS_KM, NearInput };

@InputType("ServiceSearchInput", { description: "Critères de recherche de lieux et d'offres de partenaires." })
export class SheetSearchInput extends PageInput {
  @Field(() => String, { nullable: true, description: "Texte recherché (sans accents ni majuscules requis)." })
  @IsOptional()
  @MaxLength(SEARCH_TEXT_MAX, { message: SEARCH_TEXT_TOO_LONG })
  textQuery?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: "Intercommunalités ou communes : un service y répond par sa commune ou les territoires qu'il couvre.",
  })
  @IsOptional()
  @ArrayMaxSize(SEARCH_PLACES_MAX, { message: TOO_MANY_SEARCH_PLACES })
  @MaxLength(PLACE_NAME_MAX, { each: true, message: PLACE_NAME_TOO_LONG })
  locations?: string[] | null;

  @Field(() => [Age], { nullable: true })
  @IsOptional()
  ages?: Age[] | null;

  @Field(() => [ServiceType], { nullable: true })
  @IsOptional()
  types?: ServiceType[] | null;

  @Field(() => NearInput, {
    nullable: true,
    description:
      "Autour d'un lieu : les services à moins de radiusKm, triés par distance, et ceux qui déclarent " +
      "intervenir sur la commune du lieu (coversPlace), où qu'ils soient.",
  })
  @IsOptional()
  @ValidateNested()
  near?: NearInput | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Ouvert maintenant (heure de Paris) : portes ouvertes, hors rendez-vous, fermetures et jours fériés.",
  })
  @IsOptional()
  openNow?: boolean | null;

  @Field(() => Date, {
    nullable: true,
    description: "Ouvert à cet instant (comme openNow, à un autre moment) ; l'emporte sur openNow.",
  })
  @IsOptional()
  openAt?: Date | null;

  @Field(() => [Weekday], {
    nullable: true,
    description: "Ouvert l'un de ces jours de la semaine (« Ouvert le samedi »), d'après ses horaires habituels.",
  })
  @IsOptional()
  @ArrayMaxSize(7, { message: "Sept jours au plus." })
  openOn?: Weekday[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "« Avec des places disponibles » : les modes d'accueil du jeune enfant qui ont donné des places il y a deux mois " +
      "au plus (jours de Paris) ; plus anciennes, elles sont « à confirmer » et ne comptent pas.",
  })
  @IsOptional()
  withVacancies?: boolean | null;
}

const required = (message: string) => ({ message });

@InputType("ServiceInput", { description: "La fiche d'un service (structure)." })
export class SheetInput {
  @Field({ description: "Nom de la structure." })
  @IsNotEmpty(required(SHEET_MESSAGES.serviceNameRequired))
  @MaxLength(SHEET_LIMITS.serviceName, { message: SHEET_MESSAGES.serviceNameTooLong })
  serviceName: string;

  @Field({ description: "Nom du ou de la gestionnaire." })
  @IsNotEmpty(required(SHEET_MESSAGES.serviceManagerRequired))
  @MaxLength(SHEET_LIMITS.serviceManager, { message: SHEET_MESSAGES.serviceManagerTooLong })
  serviceManager: string;

  @Field()
  @Matches(EMAIL_PATTERN, { message: SHEET_MESSAGES.emailInvalid })
  @MaxLength(MAX_EMAIL_LENGTH, { message: SHEET_MESSAGES.emailInvalid })
  email: string;

  @Field({ description: "Téléphone fixe." })
  @Matches(PHONE_PATTERN, { message: SHEET_MESSAGES.phoneInvalid })
  phone: string;

  @Field(() => String, { nullable: true, description: "Téléphone portable." })
  @IsOptional()
  @Matches(PHONE_PATTERN, { message: SHEET_MESSAGES.mobileInvalid })
  mobile?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUrl({ protocols: ["http", "https"], require_protocol: true }, { message: SHEET_MESSAGES.websiteInvalid })
  @MaxLength(SHEET_LIMITS.website, { message: SHEET_MESSAGES.websiteTooLong })
  website?: string | null;

  @Field(() => String, { nullable: true, description: "Lien vers un site externe d'accueil du jeune enfant." })
  @IsOptional()
  @IsUrl({ protocols: ["http", "https"], require_protocol: true }, { message: SHEET_MESSAGES.externalLinkInvalid })
  @MaxLength(SHEET_LIMITS.externalLink, { message: SHEET_MESSAGES.externalLinkTooLong })
  externalLink?: string | null;

  @Field({ description: "Adresse complète." })
  @IsNotEmpty(required(SHEET_MESSAGES.addressRequired))
  @MaxLength(SHEET_LIMITS.fullAddress, { message: SHEET_MESSAGES.addressTooLong })
  fullAddress: string;

  @Field({ description: "Commune (nom d'une commune du département)." })
  @IsNotEmpty(required(SHEET_MESSAGES.townRequired))
  @MaxLength(SHEET_LIMITS.city, { message: SHEET_MESSAGES.townUnknown })
  city: string;

  @Field({ description: "Code postal." })
  @Matches(POSTCODE_PATTERN, { message: INVALID_POSTCODE_MESSAGE })
  zip: string;

  @Field(() => String, { nullable: true, description: "Intercommunalité ; à défaut, celle de la commune." })
  @IsOptional()
  @MaxLength(SHEET_LIMITS.epci, { message: SHEET_MESSAGES.epciUnknown })
  epci?: string | null;

  @Field(() => GeoPointInput, { nullable: true, description: "Position ; à défaut, celle de la commune." })
  @IsOptional()
  @ValidateNested()
  location?: GeoPointInput | null;

  @Field(() => [ServiceType])
  @ArrayNotEmpty({ message: SHEET_MESSAGES.typesRequired })
  types: ServiceType[];

  @Field(() => [Age])
  @ArrayNotEmpty({ message: SHEET_MESSAGES.agesRequired })
  ages: Age[];

  @Field(() => [String], { defaultValue: [], description: "Autres intercommunalités desservies." })
  @ArrayMaxSize(SHEET_LIMITS.coveredLocations, { message: SHEET_MESSAGES.tooManyEpci })
  coveredLocations: string[];

  @Field(() => String, { nullable: true, description: "Description : document Quill (delta JSON)." })
  @KeptAsSent()
  @IsOptional()
  description?: string | null;

  @Field(() => OpeningHoursInput, {
    nullable: true,
    description: "Horaires : absent, ceux de la fiche sont gardés ; null les efface.",
  })
  @IsOptional()
  @ValidateNested()
  openingHours?: OpeningHoursInput | null;

  @Field(() => AvailabilityInput, {
    nullable: true,
    description:
      "Places disponibles (modes d'accueil du jeune enfant) : absent, celles de la fiche sont gardées avec leur date ; " +
      "données, elles sont datées d'aujourd'hui ; null les efface.",
  })
  @IsOptional()
  @ValidateNested()
  availability?: AvailabilityInput | null;
}
