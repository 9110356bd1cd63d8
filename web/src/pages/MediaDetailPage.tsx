import { Box, Heading, Image, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { useParams } from "react-router-dom";
import { useMediaDetailQuery } from "../generated/media";
import { formatDateTime } from "../modules/media/dates";
import { FileGallery } from "../modules/media/detail/FileGallery";
import { QuillContent } from "../modules/media/detail/QuillContent";
import { PlaceMap } from "../modules/maps/PlaceMap";
import { useLabels } from "../modules/reference/useReferenceData";
import { Chips } from "../ui/Chips";
import { ErrorState } from "../ui/ErrorState";
import { isNotFound } from "../ui/isNotFound";
import { NotFound } from "../ui/NotFound";
import { PageLoader } from "../ui/PageLoader";
import { useLeadImage } from "../ssr/render-context";
import { usePageTitle } from "../ui/usePageTitle";
import { useHydrated } from "../ui/useHydrated";

// The edit and delete actions (and their dialogs) load only for those who may use them.
const MediaActions = lazy(() => import("../modules/media/detail/MediaActions"));

export default function MediaDetailPage() {
  const { mediaId = "" } = useParams();
  const { data, loading, error, refetch } = useMediaDetailQuery({ variables: { id: mediaId } });
  const labels = useLabels();
  // The actions appear once the page is live: a tap on them always does something.
  const live = useHydrated();
  const media = data?.media;
  usePageTitle(media?.title ?? (loading ? null : "Article"));
  useLeadImage(media?.mainPicture);

  if (loading && !media?.article) return <PageLoader />;
  // A failed connection is not a missing item: the family can try again.
  if (error && !isNotFound(error) && !media)
    return <ErrorState onRetry={() => void refetch().catch(() => undefined)} />;
  if (isNotFound(error) || !media) return <NotFound message="Cet article est introuvable." />;
  const place = media.eventAddress ?? (media.city.length ? media.city.join(", ") : null);

  return (
    <Stack as="article" gap="5" maxW="4xl" pb="24">
      <Heading as="h1" size="2xl">
        {media.title}
      </Heading>
      {media.owner && (
        <Text color="gray.700">
          Rattaché à : {media.owner.surname} {media.owner.name}
        </Text>
      )}
      <Chips label="Catégories" items={media.categories.map(labels.category)} palette="orange" />
      <Chips label="Âges" items={media.ages.map(labels.age)} />
      <Chips label="Thématiques" items={media.thematics.map(labels.thematic)} />
      <Chips label="Intercommunalités" items={media.epci} palette="green" />
      <Chips label="Communes" items={media.city} palette="green" />
      <Chips label="Réseaux" items={media.networks.map(labels.network)} palette="purple" />
      {media.eventFrom && (
        <Text fontWeight="semibold" fontSize="lg">
          <time dateTime={media.eventFrom}>{formatDateTime(media.eventFrom)}</time>
          {media.eventTo && (
            <>
              {" – "}
              <time dateTime={media.eventTo}>{formatDateTime(media.eventTo)}</time>
            </>
          )}
        </Text>
      )}
      {media.mainPicture && !media.article.includes(media.mainPicture) && (
        <Image
          src={media.mainPicture}
          alt=""
          borderRadius="md"
          width="100%"
          maxW="2xl"
          aspectRatio={16 / 9}
          htmlWidth="640"
          htmlHeight="360"
          objectFit="cover"
          fetchPriority="high"
        />
      )}
      <Box bg="white" p={{ base: "4", md: "6" }} borderRadius="md" borderWidth="1px">
        <QuillContent document={media.article} />
      </Box>
      <FileGallery files={media.files} />
      <PlaceMap label={media.title} address={place} location={media.location} />
      {live && (media.viewerCan.update || media.viewerCan.delete) && (
        <Suspense fallback={null}>
          <MediaActions media={media} />
        </Suspense>
      )}
    </Stack>
  );
}
