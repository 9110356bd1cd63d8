import { Box, Input, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import type { PublicationStatus } from "../../../generated/media";
import { FormField } from "../../../ui/FormField";
import { DATE_HELP, fieldId } from "./article-field-ids";
import type { ArticleFormState } from "./useArticleForm";
import "../../../ui/more-recipes";

const PUBLICATION_CHOICES: Array<{ value: PublicationStatus; label: string; help: string }> = [
  { value: "PUBLISHED", label: "Publier maintenant", help: "Visible de tous dès l'enregistrement." },
  {
    value: "SCHEDULED",
    label: "Programmer la publication",
    help: "Publié de lui-même à la date choisie ; d'ici là, visible de vous et des administrateurs seulement.",
  },
  {
    value: "DRAFT",
    label: "Enregistrer comme brouillon",
    help: "Visible de vous et des administrateurs seulement, dans « Mes articles ».",
  },
];

/** Publish now, at a chosen date and time, or keep as a draft. */
export function PublicationChoice({ form, published }: { form: ArticleFormState; published: boolean }) {
  const { values, errors, change } = form;
  const choices = published
    ? PUBLICATION_CHOICES.map((choice) =>
        choice.value === "PUBLISHED" ? { ...choice, label: "Publié", help: "Visible de tous." } : choice,
      )
    : PUBLICATION_CHOICES;
  const chosen = choices.find((choice) => choice.value === values.publication);
  const helpId = useId();
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
      <RadioGroup.Root
        value={values.publication}
        onValueChange={(details) => details.value && change("publication", details.value as PublicationStatus)}
        colorPalette="brand"
        aria-describedby={helpId}
      >
        <RadioGroup.Label fontWeight="semibold" color="gray.900" mb="2">
          Publication
        </RadioGroup.Label>
        <Stack direction={{ base: "column", md: "row" }} gap={{ base: "2", md: "6" }} flexWrap="wrap">
          {choices.map((choice) => (
            <RadioGroup.Item key={choice.value} value={choice.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      <Text id={helpId} fontSize="sm" color="gray.700" mt="2">
        {chosen?.help}
      </Text>
      {values.publication === "SCHEDULED" && (
        <Box mt="3" maxW="sm">
          <FormField
            id={fieldId("publishAt")}
            label="Date et heure de publication"
            required
            error={errors.publishAt}
            helper={DATE_HELP}
          >
            <Input
              value={values.publishAt}
              placeholder="JJ/MM/AAAA HH:mm"
              autoComplete="off"
              onChange={(event) => change("publishAt", event.target.value)}
            />
          </FormField>
        </Box>
      )}
    </Box>
  );
}
