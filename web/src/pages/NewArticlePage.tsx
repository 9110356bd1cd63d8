import { Box, Button, Heading, HStack, Text } from "@chakra-ui/react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { type MediaInput, type PublicationStatus, useCreateMediaMutation } from "../generated/media";
import { categoryFromParam, emptyArticleValues, mediaPath, savedMessage } from "../modules/media/editor/article-form";
import { ArticleForm } from "../modules/media/editor/ArticleForm";
import { evictMediaLists } from "../modules/media/editor/cache";
import { useArticleForm } from "../modules/media/editor/useArticleForm";
import { BusyOverlay } from "../ui/BusyOverlay";
import { notify } from "../ui/toaster";
import { useEditMark, usePageLeaveGuard } from "../ui/unsaved-changes";
import { usePageTitle } from "../ui/usePageTitle";

/** The button says what it will do. */
const SUBMIT_LABELS: Record<PublicationStatus, string> = {
  PUBLISHED: "Publier",
  SCHEDULED: "Programmer",
  DRAFT: "Enregistrer le brouillon",
};

/** Route /nouvel-article (partners): write and publish a news item, an event or a resource. */
export default function NewArticlePage() {
  usePageTitle("Écrire un article");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [createMedia] = useCreateMediaMutation({ update: evictMediaLists });

  const form = useArticleForm({
    initial: () => emptyArticleValues(categoryFromParam(params.get("categorie"))),
    save: async (input: MediaInput) => {
      const { data } = await createMedia({ variables: { input } });
      const media = data!.createMedia;
      notify.info(savedMessage(media, null));
      navigate(mediaPath(media));
    },
  });

  // Something typed and not yet saved: a link away, a reload or closing the tab asks first.
  const edits = useEditMark();
  const leaveGuard = usePageLeaveGuard(edits.edited && !form.busy);

  return (
    <Box ref={edits.ref} maxW="4xl" mx="auto" bg="white" p={{ base: "4", md: "8" }} borderRadius="lg" borderWidth="1px">
      <Heading as="h1" size="2xl" mb="2">
        Écrire un article
      </Heading>
      <Text color="gray.700" mb="6">
        Les champs marqués d'un astérisque (*) sont obligatoires, ainsi qu'au moins une famille et une thématique.
      </Text>
      <ArticleForm form={form}>
        <HStack justify="flex-end" gap="4" flexWrap="wrap">
          <Text aria-live="polite" fontSize="sm" color="gray.700">
            {form.busy ? `${form.busy}…` : ""}
          </Text>
          <Button type="submit" colorPalette="brand" size="lg" disabled={Boolean(form.busy)}>
            {SUBMIT_LABELS[form.values.publication]}
          </Button>
        </HStack>
      </ArticleForm>
      {form.busy && (
        // The page is long: the overlay covers the window while the article is saved.
        <Box position="fixed" inset="0" zIndex="overlay">
          <BusyOverlay busy label={form.busy} />
        </Box>
      )}
      {leaveGuard}
    </Box>
  );
}
