import { Box, Input, Stack } from "@chakra-ui/react";
import { type ReactNode } from "react";
import { type Network } from "../../../generated/accounts";
import { useReferenceDataQuery } from "../../../generated/reference";
import { FormField } from "../../../ui/FormField";
import { fieldId, TITLE_ID } from "./article-field-ids";
import { ArticleBodyField } from "./ArticleBodyField";
import { AudienceFields } from "./AudienceFields";
import { CategoryField } from "./CategoryField";
import { EventFields } from "./EventFields";
import { FileDropZone } from "./FileDropZone";
import { PublicationChoice } from "./PublicationChoice";
import type { ArticleFormState } from "./useArticleForm";
import "../../../ui/more-recipes";
import { ErrorSummary } from "../../../ui/ErrorSummary";
import { ARTICLE_LIMITS } from "../../../form-rules";

interface ArticleFormProps {
  form: ArticleFormState;
  id?: string;
  /** Networks the edited media already has stay listed, so they can be unchecked. */
  currentNetworks?: readonly Network[];
  /** The edited article is already published (« Publier maintenant » then reads « Publié »). */
  published?: boolean;
  /** The submit button(s), when they sit inside the form. */
  children?: ReactNode;
}

const NO_NETWORKS: Network[] = [];

/**
 * The fields of an article: shared by the new-article page and the edit dialog. Its sections
 * (body, category and event, audience and places, attachments, publication) are components of
 * their own; the state and its checks are useArticleForm's.
 */
export function ArticleForm({
  form,
  id,
  currentNetworks = NO_NETWORKS,
  published = false,
  children,
}: ArticleFormProps) {
  const { values, errors, change, busy } = form;
  const { data } = useReferenceDataQuery();
  const reference = data?.referenceData;

  return (
    <form ref={form.formRef} id={id} onSubmit={form.submit} noValidate aria-busy={Boolean(busy)}>
      <Stack gap="6">
        {form.submitted && (
          <ErrorSummary
            errors={Object.entries(errors).map(([field, message]) => ({
              fieldId: fieldId(field),
              message: message!,
            }))}
          />
        )}
        <FormField
          label="Titre"
          error={errors.title}
          helper="Laissez vide pour utiliser le premier titre de l'article"
          id={TITLE_ID}
        >
          <Input
            value={values.title}
            maxLength={ARTICLE_LIMITS.title}
            onChange={(event) => change("title", event.target.value)}
          />
        </FormField>

        <ArticleBodyField form={form} />
        <CategoryField form={form} categories={reference?.categories ?? []} />
        {values.category === "EVENT" && <EventFields form={form} />}
        <AudienceFields form={form} reference={reference} currentNetworks={currentNetworks} />

        <Box id={fieldId("files")}>
          <FileDropZone
            entries={values.files}
            onAdd={form.addFiles}
            onToggle={form.toggleFile}
            error={errors.files}
            disabled={Boolean(busy)}
          />
        </Box>

        <PublicationChoice form={form} published={published} />

        {children}
      </Stack>
    </form>
  );
}
