import { Box, Skeleton, Text } from "@chakra-ui/react";
import { useId } from "react";
import { lazyLoad } from "../../../ui/lazy-load";
import { LazyPart } from "../../../ui/LazyPart";
import { fieldId } from "./article-field-ids";
import type { ArticleFormState } from "./useArticleForm";

// Quill and its styles load with the editor only.
const ArticleEditor = lazyLoad(() => import("./ArticleEditor"));

/** The article's body: its label and help, the rich text editor (loaded on demand) and its error. */
export function ArticleBodyField({ form }: { form: ArticleFormState }) {
  const { values, errors, change } = form;
  const editorLabelId = useId();
  const editorHelpId = useId();
  const editorErrorId = useId();
  return (
    <Box id={fieldId("article")}>
      <Text id={editorLabelId} fontWeight="medium" fontSize="sm" mb="1.5">
        Contenu de l'article{" "}
        <Text as="span" color="red.700" aria-hidden="true">
          *
        </Text>
      </Text>
      <Text id={editorHelpId} fontSize="sm" color="gray.700" mb="2">
        Les images sont envoyées sur le portail ; le style « Titre 1 » peut servir de titre à l'article.
      </Text>
      <LazyPart
        fallback={<Skeleton height="22rem" borderRadius="md" role="status" aria-label="Chargement de l'éditeur" />}
      >
        <ArticleEditor
          initialDocument={values.article}
          onChange={(document) => change("article", document)}
          invalid={Boolean(errors.article)}
          describedBy={errors.article ? `${editorErrorId} ${editorHelpId}` : editorHelpId}
        />
      </LazyPart>
      {errors.article && (
        <Text id={editorErrorId} color="red.700" fontSize="sm" mt="1">
          {errors.article}
        </Text>
      )}
    </Box>
  );
}
