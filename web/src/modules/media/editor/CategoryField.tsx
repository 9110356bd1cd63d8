import { Box, Field, RadioGroup, Stack } from "@chakra-ui/react";
import { type Category } from "../../../generated/reference";
import { fieldId } from "./article-field-ids";
import type { ArticleFormState } from "./useArticleForm";
import "../../../ui/more-recipes";

/** The article's category, one of the reference list's (an event opens the event's fields). */
export function CategoryField({
  form,
  categories,
}: {
  form: ArticleFormState;
  categories: ReadonlyArray<{ value: Category; label: string }>;
}) {
  const { values, errors, change } = form;
  return (
    <Box id={fieldId("category")}>
      <Field.Root invalid={Boolean(errors.category)} required>
        <RadioGroup.Root
          value={values.category}
          onValueChange={(details) => details.value && change("category", details.value as Category)}
          colorPalette="brand"
        >
          <RadioGroup.Label fontWeight="semibold" color="gray.900" mb="2">
            Catégorie <Field.RequiredIndicator color="red.700" />
          </RadioGroup.Label>
          <Stack direction={{ base: "column", md: "row" }} gap={{ base: "2", md: "6" }} flexWrap="wrap">
            {categories.map((category) => (
              <RadioGroup.Item key={category.value} value={category.value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{category.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {errors.category && <Field.ErrorText color="red.700">{errors.category}</Field.ErrorText>}
      </Field.Root>
    </Box>
  );
}
