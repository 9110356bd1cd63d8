import { Badge, Box, Card, Flex, Heading, Image, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { useState } from "react";
import { type MediaCardFragment } from "../../generated/media";
import { useMapSettingsQuery } from "../../generated/reference";
import { isUsableLocation, mapImageUrl } from "../maps/map-tiles";
import defaultPicture from "../../ui/assets/default-picture.svg";
import { useLeadImage } from "../../ssr/render-context";
import { eventSummary, formatDate, formatDateTime } from "./dates";
import { distanceLabel } from "../geo/distance-label";

/** Spec §2: the picture, else a map image of the place (when the basemap answers), else the default image. */
function CardPicture({ media, priority, firstScreen }: CardProps) {
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
    <CardImage
      src={src}
      priority={priority}
      firstScreen={firstScreen}
      onError={src === media.mainPicture || src === defaultPicture ? undefined : () => setMapFailed(true)}
    />
  );
}

/**
 * On a phone, a card is a row: a thumbnail beside the text, so that one screen shows several
 * results rather than one picture; from `md`, the picture tops the card in the grid.
 */
const CARD_DIRECTION = { base: "row", md: "column" } as const;
const BODY_PADDING = { base: "3", md: "6" } as const;
/** A card's height, for the placeholders shown while a list loads. */
export const MEDIA_CARD_HEIGHT = { base: "40", md: "72" };

function CardImage({
  src,
  priority,
  firstScreen,
  onError,
}: Pick<CardProps, "priority" | "firstScreen"> & { src: string; onError?: () => void }) {
  return (
    <Image
      src={src}
      alt=""
      width={{ base: "24", md: "100%" }}
      height={{ base: "auto", md: "40" }}
      minHeight={{ base: "24", md: "40" }}
      alignSelf="stretch"
      flexShrink={0}
      htmlWidth="640"
      htmlHeight="360"
      objectFit="cover"
      bg="brand.50"
      // The first cards' pictures are on the first screen: fetched at once (the first one first),
      // the others when scrolled to.
      loading={priority || firstScreen ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      onError={onError}
    />
  );
}

export interface CardProps {
  /** Around a place, with the event's distance to it. */
  media: MediaCardFragment & { distanceKm?: number | null };
  /** The first card of the list. */
  priority?: boolean;
  /** One of the cards a phone's or a computer's first screen shows. */
  firstScreen?: boolean;
}

/** A news card: the whole card is one link to the detail page. */
export function NewsCard({ media, priority, firstScreen }: CardProps) {
  const isEvent = media.categories.includes("EVENT") && media.eventFrom;
  return (
    <Card.Root
      asChild
      flexDirection={CARD_DIRECTION}
      overflow="hidden"
      _hover={{ shadow: "md" }}
      _focusWithin={{ outline: "3px solid", outlineColor: "brand.500" }}
    >
      <Link to={`/actualites/${media.id}`}>
        <CardPicture media={media} priority={priority} firstScreen={firstScreen} />
        <Card.Body gap="2" p={BODY_PADDING} minWidth="0">
          {isEvent && (
            <Flex gap="2" align="center" wrap="wrap">
              <Badge colorPalette="orange">Évènement</Badge>
              {/* Around a place: how far it is (« à 4 km »). */}
              {media.distanceKm != null && (
                <Text as="span" fontSize="sm" fontWeight="semibold" color="gray.800">
                  {distanceLabel(media.distanceKm)}
                </Text>
              )}
            </Flex>
          )}
          <Heading as="h2" size={{ base: "sm", md: "md" }} lineClamp={3}>
            {media.title}
          </Heading>
          <Text fontSize="sm" color="gray.700">
            {isEvent
              ? eventSummary({ eventFrom: media.eventFrom!, eventTo: media.eventTo, eventAddress: media.eventAddress })
              : `Publié le ${formatDateTime(media.createdAt)}`}
          </Text>
          {media.description && (
            <Text fontSize="sm" color="gray.700" lineClamp={{ base: 2, md: 3 }}>
              {media.description}
            </Text>
          )}
        </Card.Body>
      </Link>
    </Card.Root>
  );
}

/** A resource card: picture, title in upper case, date and 'Lire l'article'. */
export function ResourceCard({ media, priority, firstScreen }: CardProps) {
  useLeadImage(priority ? (media.mainPicture ?? defaultPicture) : null);
  return (
    <Card.Root flexDirection={CARD_DIRECTION} overflow="hidden">
      <CardImage src={media.mainPicture ?? defaultPicture} priority={priority} firstScreen={firstScreen} />
      <Flex direction="column" flex="1" minWidth="0">
        <Card.Body gap="2" p={BODY_PADDING}>
          <Heading as="h2" size={{ base: "sm", md: "md" }} textTransform="uppercase" lineClamp={3}>
            {media.title}
          </Heading>
          <Text fontSize="sm" color="gray.700">
            {formatDate(media.createdAt)}
          </Text>
        </Card.Body>
        <Card.Footer px={BODY_PADDING} pb={BODY_PADDING}>
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
      </Flex>
    </Card.Root>
  );
}
