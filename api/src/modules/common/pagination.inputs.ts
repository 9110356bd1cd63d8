import { Field, InputType, Int } from "type-graphql";
import { Max, Min, ValidateBy, type ValidationArguments } from "class-validator";
import {
  MAX_PAGE_SIZE,
  PAGE_SIZE_MESSAGE,
  PUBLIC_PAGE_SIZE,
  RESULT_WINDOW,
  RESULT_WINDOW_MESSAGE,
} from "../../shared/rules";

/** MAX_PAGE_SIZE: the query cost counts a page size it cannot read as this one. */
export { MAX_PAGE_SIZE, PUBLIC_PAGE_SIZE, RESULT_WINDOW };

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
  @Min(1, { message: PAGE_SIZE_MESSAGE })
  @Max(MAX_PAGE_SIZE, { message: PAGE_SIZE_MESSAGE })
  pageSize: number = PUBLIC_PAGE_SIZE;
}
