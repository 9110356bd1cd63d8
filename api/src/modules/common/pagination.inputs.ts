import { Field, InputType, Int } from "type-graphql";
import { Max, Min, ValidateBy, type ValidationArguments } from "class-validator";
import { RESULT_WINDOW, RESULT_WINDOW_MESSAGE } from "../../shared/rules";

export { RESULT_WINDOW };

export const PUBLIC_PAGE_SIZE = 15;
/** The largest page any list gives (the query cost counts a page size it cannot read as this one). */
export const MAX_PAGE_SIZE = 100;

const withinResultWindow = (page: unknown, { object }: ValidationArguments) => {
  const size = (object as Partial<PageInput>).pageSize ?? PUBLIC_PAGE_SIZE;
  return typeof page !== "number" || typeof size !== "number" || page * size < RESULT_WINDOW;
};

@InputType()
export class PageInput {
  @Field(() => Int, { defaultValue: 0, description: "Numéro de page, à partir de 0." })
  @Min(0, { message: "Le numéro de page doit être positif." })
  @ValidateBy(
    { name: "withinResultWindow", validator: { validate: withinResultWindow } },
    { message: RESULT_WINDOW_MESSAGE },
  )
  page: number = 0;

  @Field(() => Int, { defaultValue: PUBLIC_PAGE_SIZE, description: "Nombre de résultats par page (1 à 100)." })
  @Min(1, { message: "La taille de page doit être comprise entre 1 et 100." })
  @Max(MAX_PAGE_SIZE, { message: "La taille de page doit être comprise entre 1 et 100." })
  pageSize: number = PUBLIC_PAGE_SIZE;
}
