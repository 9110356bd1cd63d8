import { Alert, Box, Heading, Image, Stack, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import { useMediaDetailQuery } from "../generated/graphql";
import { formatDateTime } from "../modules/media/dates";
import { ARTICLE_UNREADABLE, quillParagraphs } from "../modules/media/quill-text";
import { useLabels } from "../modules/reference/useReferenceData";
import { Chips } from "../ui/Chips";
import { isNotFound } from "../ui/isNotFound";
import { NotFound } from "../ui/NotFound";
import { PageLoader } from "../ui/PageLoader";
import { usePageTitle } from "../ui/usePageTitle";

export default function MediaDetailPage() {
  const { mediaId = "" } = useParams();
  const { data, loading, error } = useMediaDetailQuery({ variables: { id: mediaId } });
  const labels = useLabels();
  const media = data?.media;
  usePageTitle(media?.title ?? (loading ? null : "Article"));

  if (loading && !media?.article) return <PageLoader />;
  if (isNotFound(error) || !media) return <NotFound message="Cet article est introuvable." />;
  const paragraphs = quillParagraphs(media.article);

  return (
    <Stack as="article" gap="5" maxW="4xl">
      <Heading as="h1" size="2xl">
        {media.title}
      </Heading>
      <Chips label="Catégories" items={media.categories.map(labels.category)} palette="orange" />
      <Chips label="Âges" items={media.ages.map(labels.age)} />
      <Chips label="Thématiques" items={media.thematics.map(labels.thematic)} />
      <Chips label="Lieux" items={[...media.epci, ...media.city]} palette="green" />
      <Chips label="Réseaux" items={media.networks.map(labels.network)} palette="purple" />
      {media.eventFrom && (
        <Text fontWeight="semibold">
          {formatDateTime(media.eventFrom)}
          {media.eventTo && ` – ${formatDateTime(media.eventTo)}`}
        </Text>
      )}
      {media.mainPicture && <Image src={media.mainPicture} alt="" borderRadius="md" maxH="96" objectFit="cover" />}
      {paragraphs === null ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{ARTICLE_UNREADABLE}</Alert.Title>
        </Alert.Root>
      ) : (
        <Box bg="white" p="6" borderRadius="md" borderWidth="1px">
          {paragraphs.map((paragraph, index) => (
            <Text key={index} mb="3">
              {paragraph}
            </Text>
          ))}
        </Box>
      )}
      {(media.eventAddress || media.city.length > 0) && (
        <Box as="address" fontStyle="normal" color="gray.700">
          {media.eventAddress ?? media.city.join(", ")}
        </Box>
      )}
    </Stack>
  );
}
