import { Box, Input, SimpleGrid } from "@chakra-ui/react";
import { FormField } from "../../../ui/FormField";
import { DATE_HELP, fieldId } from "./article-field-ids";
import type { ArticleFormState } from "./useArticleForm";
import { ARTICLE_LIMITS, MAX_EMAIL_LENGTH, PHONE_MAX_LENGTH } from "../../../form-rules";

/** An event's dates, place and organiser's contacts (the category « Évènement » only). */
export function EventFields({ form }: { form: ArticleFormState }) {
  const { values, errors, change } = form;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" p="4" bg="gray.50" borderRadius="md" borderWidth="1px">
      <FormField
        id={fieldId("eventFrom")}
        label="Début de l'évènement"
        required
        error={errors.eventFrom}
        helper={DATE_HELP}
      >
        <Input
          value={values.eventFrom}
          placeholder="JJ/MM/AAAA HH:mm"
          autoComplete="off"
          onChange={(event) => change("eventFrom", event.target.value)}
        />
      </FormField>
      <FormField id={fieldId("eventTo")} label="Fin de l'évènement" error={errors.eventTo} helper={DATE_HELP}>
        <Input
          value={values.eventTo}
          placeholder="JJ/MM/AAAA HH:mm"
          autoComplete="off"
          onChange={(event) => change("eventTo", event.target.value)}
        />
      </FormField>
      <Box gridColumn={{ md: "span 2" }}>
        <FormField id={fieldId("eventAddress")} label="Adresse de l'évènement" error={errors.eventAddress}>
          <Input
            value={values.eventAddress}
            maxLength={ARTICLE_LIMITS.eventAddress}
            autoComplete="street-address"
            onChange={(event) => change("eventAddress", event.target.value)}
          />
        </FormField>
      </Box>
      <FormField
        label="E-mail de l'organisateur"
        id={fieldId("contactEmail")}
        error={errors.contactEmail}
        helper="Facultatif : affiché sur la page de l'évènement."
      >
        <Input
          type="email"
          value={values.contactEmail}
          maxLength={MAX_EMAIL_LENGTH}
          autoComplete="off"
          onChange={(event) => change("contactEmail", event.target.value)}
        />
      </FormField>
      <FormField
        id={fieldId("contactPhone")}
        label="Téléphone de l'organisateur"
        error={errors.contactPhone}
        helper="Facultatif."
      >
        <Input
          type="tel"
          value={values.contactPhone}
          maxLength={PHONE_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => change("contactPhone", event.target.value)}
        />
      </FormField>
      <Box gridColumn={{ md: "span 2" }}>
        <FormField
          label="Lien d'inscription"
          id={fieldId("registrationUrl")}
          error={errors.registrationUrl}
          helper="Facultatif : adresse commençant par https://"
        >
          <Input
            type="url"
            value={values.registrationUrl}
            maxLength={ARTICLE_LIMITS.registrationUrl}
            autoComplete="off"
            onChange={(event) => change("registrationUrl", event.target.value)}
          />
        </FormField>
      </Box>
    </SimpleGrid>
  );
}
