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
import { Field, InputType } from "type-graphql";
import { GeoPointInput } from "../common/geo-point.type";
import { PageInput } from "../common/pagination.inputs";
import {
  EMAIL_PATTERN,
  INVALID_POSTCODE_MESSAGE,
  MAX_EMAIL_LENGTH,
  PHONE_PATTERN,
  POSTCODE_PATTERN,
  REQUIRED,
} from "../../shared/rules";
import { Age, ServiceType } from "../reference/reference.data";

@InputType({ description: "Critères de recherche de lieux et d'offres de partenaires." })
export class ServiceSearchInput extends PageInput {
  @Field(() => String, { nullable: true, description: "Texte recherché (sans accents ni majuscules requis)." })
  @IsOptional()
  @MaxLength(200, { message: "Le texte recherché ne doit pas dépasser 200 caractères." })
  textQuery?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: "Intercommunalités ou communes : un service y répond par sa commune ou les territoires qu'il couvre.",
  })
  @IsOptional()
  @ArrayMaxSize(200, { message: "Trop de lieux sélectionnés (200 au plus)." })
  @MaxLength(150, { each: true, message: "Un nom de lieu ne doit pas dépasser 150 caractères." })
  locations?: string[] | null;

  @Field(() => [Age], { nullable: true })
  @IsOptional()
  ages?: Age[] | null;

  @Field(() => [ServiceType], { nullable: true })
  @IsOptional()
  types?: ServiceType[] | null;
}

const required = (message: string) => ({ message });

@InputType({ description: "La fiche d'un service (structure)." })
export class ServiceInput {
  @Field({ description: "Nom de la structure." })
  @IsNotEmpty(required(REQUIRED.serviceName))
  @MaxLength(255, { message: "Le nom de la structure ne doit pas dépasser 255 caractères." })
  serviceName: string;

  @Field({ description: "Nom du ou de la gestionnaire." })
  @IsNotEmpty(required(REQUIRED.serviceManager))
  @MaxLength(255, { message: "Le nom du gestionnaire ne doit pas dépasser 255 caractères." })
  serviceManager: string;

  @Field()
  @Matches(EMAIL_PATTERN, { message: "L'adresse e-mail de la structure n'est pas valide." })
  @MaxLength(MAX_EMAIL_LENGTH, { message: "L'adresse e-mail de la structure n'est pas valide." })
  email: string;

  @Field({ description: "Téléphone fixe." })
  @Matches(PHONE_PATTERN, { message: "Le téléphone fixe n'est pas valide." })
  phone: string;

  @Field(() => String, { nullable: true, description: "Téléphone portable." })
  @IsOptional()
  @Matches(PHONE_PATTERN, { message: "Le téléphone portable n'est pas valide." })
  mobile?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUrl(
    { protocols: ["http", "https"], require_protocol: true },
    { message: "Le site internet doit être une adresse http(s)." },
  )
  @MaxLength(500, { message: "Le site internet ne doit pas dépasser 500 caractères." })
  website?: string | null;

  @Field(() => String, { nullable: true, description: "Lien vers un site externe d'accueil du jeune enfant." })
  @IsOptional()
  @IsUrl(
    { protocols: ["http", "https"], require_protocol: true },
    { message: "Le lien externe doit être une adresse http(s)." },
  )
  @MaxLength(500, { message: "Le lien externe ne doit pas dépasser 500 caractères." })
  externalLink?: string | null;

  @Field({ description: "Adresse complète." })
  @IsNotEmpty(required(REQUIRED.address))
  @MaxLength(255, { message: "L'adresse ne doit pas dépasser 255 caractères." })
  fullAddress: string;

  @Field({ description: "Commune (nom d'une commune du département)." })
  @IsNotEmpty(required(REQUIRED.town))
  @MaxLength(100, { message: "Commune inconnue." })
  city: string;

  @Field({ description: "Code postal." })
  @Matches(POSTCODE_PATTERN, { message: INVALID_POSTCODE_MESSAGE })
  zip: string;

  @Field(() => String, { nullable: true, description: "Intercommunalité ; à défaut, celle de la commune." })
  @IsOptional()
  @MaxLength(150, { message: "Intercommunalité inconnue." })
  epci?: string | null;

  @Field(() => GeoPointInput, { nullable: true, description: "Position ; à défaut, celle de la commune." })
  @IsOptional()
  @ValidateNested()
  location?: GeoPointInput | null;

  @Field(() => [ServiceType])
  @ArrayNotEmpty({ message: "Choisissez au moins un type de service." })
  types: ServiceType[];

  @Field(() => [Age])
  @ArrayNotEmpty({ message: "Choisissez au moins une tranche d'âge." })
  ages: Age[];

  @Field(() => [String], { defaultValue: [], description: "Autres intercommunalités desservies." })
  @ArrayMaxSize(50, { message: "Trop d'intercommunalités." })
  coveredLocations: string[];

  @Field(() => String, { nullable: true, description: "Description : document Quill (delta JSON)." })
  @IsOptional()
  description?: string | null;
}
