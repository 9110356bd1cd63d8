import { Badge, Box, Card, Heading, Image, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { useState } from "react";
import { type MediaCardFragment } from "../../generated/media";
import { useMapSettingsQuery } from "../../generated/reference";
import { isUsableLocation, mapImageUrl } from "../maps/map-tiles";
import defaultPicture from "../../ui/assets/default-picture.svg";
import { useLeadImage } from "../../ssr/render-context";
import { eventSummary, formatDate, formatDateTime } from "./dates";

/** Spec §2: the picture, else a map image of the place (when the basemap answers), else the default image. */
function CardPicture({ media, priority }: CardProps) {
  const { data } = useMapSettingsQuery();
  const [mapFailed, setMapFailed] = useState(false);
  const map = data?.site;
  const src =
    media.mainPicture ??
    (isUsableLocation(media.location) && map?.mapAvailable && !mapFailed
      ? mapImageUrl(media.location.lat, media.location.lon, map)
      : defaultPicture);
  useLeadImage(priority ? src : null);
  return (
    <Image
      src={src}
      alt=""
      height="40"
      width="100%"
      htmlWidth="640"
      htmlHeight="360"
      objectFit="cover"
      bg="brand.50"
      // The first card's picture is what a phone shows first: fetched at once, the others when scrolled to.
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      onError={src === media.mainPicture || src === defaultPicture ? undefined : () => setMapFailed(true)}
    />
  );
}

export interface CardProps {
  media: MediaCardFragment;
  /** The first card of the list. */
  priority?: boolean;
}

/** A news card: the whole card is one link to the detail page. */
export function NewsCard({ media, priority }: CardProps) {
  const isEvent = media.categories.includes("EVENT") && media.eventFrom;
  return (
    <Card.Root
      asChild
      overflow="hidden"
      _hover={{ shadow: "md" }}
      _focusWithin={{ outline: "3px solid", outlineColor: "brand.500" }}
    >
      <Link to={`/actualites/${media.id}`}>
        <CardPicture media={media} priority={priority} />
        <Card.Body gap="2">
          {isEvent && (
            <Badge colorPalette="orange" alignSelf="flex-start">
              Évènement
            </Badge>
          )}
          <Heading as="h2" size="md" lineClamp={3}>
            {media.title}
          </Heading>
          <Text fontSize="sm" color="gray.700">
            {isEvent
              ? eventSummary({ eventFrom: media.eventFrom!, eventTo: media.eventTo, eventAddress: media.eventAddress })
              : `Publié le ${formatDateTime(media.createdAt)}`}
          </Text>
          {media.description && (
            <Text fontSize="sm" color="gray.700" lineClamp={3}>
              {media.description}
            </Text>
          )}
        </Card.Body>
      </Link>
    </Card.Root>
  );
}

/** A resource card: picture, title in upper case, date and 'Lire l'article'. */
export function ResourceCard({ media, priority }: CardProps) {
  useLeadImage(priority ? (media.mainPicture ?? defaultPicture) : null);
  return (
    <Card.Root overflow="hidden">
      <Image
        src={media.mainPicture ?? defaultPicture}
        alt=""
        height="40"
        width="100%"
        htmlWidth="640"
        htmlHeight="360"
        objectFit="cover"
        bg="brand.50"
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
      />
      <Card.Body gap="2">
        <Heading as="h2" size="md" textTransform="uppercase" lineClamp={3}>
          {media.title}
        </Heading>
        <Text fontSize="sm" color="gray.700">
          {formatDate(media.createdAt)}
        </Text>
      </Card.Body>
      <Card.Footer>
        <Box
          asChild
          px="4"
          py="2"
          bg="brand.600"
          color="white"
          borderRadius="md"
          fontWeight="semibold"
          _hover={{ bg: "brand.700" }}
        >
          <Link to={`/ressources/${media.id}`} aria-label={`Lire l'article : ${media.title}`}>
            Lire l'article
          </Link>
        </Box>
      </Card.Footer>
    </Card.Root>
  );
}
