import { ArrayMaxSize, IsOptional, MaxLength } from "class-validator";
import { Field, InputType } from "type-graphql";
import { PageInput } from "../common/pagination.inputs";
import { Age, Category, Network, Thematic } from "../reference/reference.data";

@InputType({ description: "Critères de recherche d'actualités, d'évènements et de ressources." })
export class MediaSearchInput extends PageInput {
  @Field(() => String, { nullable: true, description: "Texte recherché (sans accents ni majuscules requis)." })
  @IsOptional()
  @MaxLength(200, { message: "Le texte recherché ne doit pas dépasser 200 caractères." })
  textQuery?: string | null;

  @Field(() => [Category], { nullable: true })
  @IsOptional()
  categories?: Category[] | null;

  @Field(() => [String], { nullable: true, description: "Intercommunalités ou communes." })
  @IsOptional()
  @ArrayMaxSize(200, { message: "Trop de lieux sélectionnés (200 au plus)." })
  @MaxLength(150, { each: true, message: "Un nom de lieu ne doit pas dépasser 150 caractères." })
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
}
