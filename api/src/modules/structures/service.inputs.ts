import { ArrayMaxSize, IsOptional, MaxLength } from "class-validator";
import { Field, InputType } from "type-graphql";
import { PageInput } from "../common/pagination.inputs";
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
