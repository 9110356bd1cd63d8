import { Box, Heading, Image, Stack, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import { useMediaDetailQuery } from "../generated/media";
import { HistoryButton } from "../modules/audit/HistoryButton";
import { formatDateTime } from "../modules/media/dates";
import { EventFacts } from "../modules/media/detail/EventFacts";
import { FileGallery } from "../modules/media/detail/FileGallery";
import { PublicationNotice } from "../modules/media/PublicationBadge";
import { QuillContent } from "../modules/media/detail/QuillContent";
import { PlaceMap } from "../modules/maps/PlaceMap";
import { ReportErrorButton } from "../modules/reports/ReportErrorButton";
import { useLabels } from "../modules/reference/useReferenceData";
import { TagLine } from "../ui/TagLine";
import { ErrorState, useLoadFailed } from "../ui/ErrorState";
import { isNotFound } from "../ui/isNotFound";
import { NotFound } from "../ui/NotFound";
import { PageLoader } from "../ui/PageLoader";
import { useLeadImage, usePageMeta } from "../ssr/render-context";
import { mediaMeta } from "../modules/seo/page-meta";
import { MEDIA_NOT_FOUND, PORTAL_NAME } from "../rules";
import { usePageTitle } from "../ui/usePageTitle";
import { WhenLive } from "../ui/WhenLive";
import { lazyLoad } from "../ui/lazy-load";
import { LazyPart } from "../ui/LazyPart";

// The edit and delete actions (and their dialogs) load only for those who may use them.
const MediaActions = lazyLoad(() => import("../modules/media/detail/MediaActions"));

export default function MediaDetailPage() {
  const { mediaId = "" } = useParams();
  const { data, loading, error, refetch } = useMediaDetailQuery({ variables: { id: mediaId } });
  const labels = useLabels();
  const media = data?.media;
  // A page that does not exist keeps NotFound's title (a parent's title is set after its child's).
  const missing = !loading && !media && (isNotFound(error) || !error);
  usePageTitle(media?.title ?? (loading ? null : missing ? "Page introuvable" : "Article"));
  useLeadImage(media?.mainPicture);
  // Drafts and scheduled articles say nothing of themselves to search engines or link previews.
  usePageMeta(() => (media?.article && media.publication === "PUBLISHED" ? mediaMeta(media, PORTAL_NAME) : null));
  const failed = useLoadFailed(Boolean(error) && !isNotFound(error) && !media, loading);

  // A failed connection is not a missing item: the family can try again (and the page does).
  if (failed) return <ErrorState onRetry={() => void refetch().catch(() => undefined)} retrying={loading} />;
  if (loading && !media?.article) return <PageLoader />;
  if (isNotFound(error) || !media) return <NotFound message={MEDIA_NOT_FOUND} />;
  const place = media.eventAddress ?? (media.city.length ? media.city.join(", ") : null);

  return (
    <Stack as="article" gap="5" maxW="4xl" pb="24">
      <Heading as="h1" size="2xl">
        {media.title}
      </Heading>
      <PublicationNotice media={media} />
      {/* How recent a news item or a resource is, as its card says (an event says its dates below). */}
      {media.publication === "PUBLISHED" && !media.eventFrom && (
        <Text color="gray.700">
          Publié le <time dateTime={media.createdAt}>{formatDateTime(media.createdAt)}</time>
        </Text>
      )}
      {media.owner && (
        <Text color="gray.700">
          Rattaché à : {media.owner.surname} {media.owner.name}
        </Text>
      )}
      {media.eventFrom && (
        <EventFacts
          media={{
            id: media.id,
            title: media.title,
            description: media.description,
            eventFrom: media.eventFrom,
            eventTo: media.eventTo,
            place,
            location: media.location,
            contactEmail: media.contactEmail,
            contactPhone: media.contactPhone,
            registrationUrl: media.registrationUrl,
          }}
        />
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
      <TagLine
        groups={[
          { label: "Catégorie", items: media.categories.map(labels.category), palette: "orange" },
          { label: "Âges", items: media.ages.map(labels.age) },
          { label: "Thématiques", items: media.thematics.map(labels.thematic) },
          { label: "Territoires", items: [...media.epci, ...media.city], palette: "green" },
          { label: "Réseaux", items: media.networks.map(labels.network), palette: "purple" },
        ]}
      />
      {/* The picture shown at the top (an attached one) is not shown a second time among the files. */}
      <FileGallery files={media.files.filter((file) => file.path !== media.mainPicture)} />
      <PlaceMap
        label={media.title}
        address={place}
        location={media.location}
        directions={media.categories.includes("EVENT")}
      />
      <ReportErrorButton itemType="MEDIA" id={media.id} label={media.title} />
      <HistoryButton itemType="MEDIA" id={media.id} label={media.title} />
      {/* The actions appear once the page is live: a tap on them always does something. */}
      {(media.viewerCan.update || media.viewerCan.delete) && (
        <WhenLive>
          <LazyPart>
            <MediaActions media={media} />
          </LazyPart>
        </WhenLive>
      )}
    </Stack>
  );
}
