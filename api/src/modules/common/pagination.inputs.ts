import { Field, InputType, Int } from "type-graphql";
import { Max, Min } from "class-validator";

export const PUBLIC_PAGE_SIZE = 15;

@InputType()
export class PageInput {
  @Field(() => Int, { defaultValue: 0, description: "Numéro de page, à partir de 0." })
  @Min(0, { message: "Le numéro de page doit être positif." })
  @Max(100_000, { message: "Le numéro de page est trop grand." })
  page: number = 0;

  @Field(() => Int, { defaultValue: PUBLIC_PAGE_SIZE, description: "Nombre de résultats par page (1 à 100)." })
  @Min(1, { message: "La taille de page doit être comprise entre 1 et 100." })
  @Max(100, { message: "La taille de page doit être comprise entre 1 et 100." })
  pageSize: number = PUBLIC_PAGE_SIZE;
}
