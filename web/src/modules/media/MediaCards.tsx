import { Badge, Box, Card, Heading, Image, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { useState } from "react";
import { MediaCardFragment, useSiteQuery } from "../../generated/graphql";
import { isUsableLocation, mapImageUrl } from "../maps/map-tiles";
import defaultPicture from "../../ui/assets/default-picture.svg";
import { eventSummary, formatDate, formatDateTime } from "./dates";

/** Spec §2: the picture, else a map image of the place (150 px high), else the default image. */
function CardPicture({ media }: { media: MediaCardFragment }) {
  const { data } = useSiteQuery();
  const [mapFailed, setMapFailed] = useState(false);
  if (media.mainPicture) return <Image src={media.mainPicture} alt="" height="40" objectFit="cover" bg="brand.50" />;
  if (isUsableLocation(media.location) && data && !mapFailed) {
    return (
      <Image
        src={mapImageUrl(media.location.lat, media.location.lon, data.site.mapboxToken)}
        alt=""
        height="150px"
        width="100%"
        objectFit="cover"
        bg="brand.50"
        loading="lazy"
        onError={() => setMapFailed(true)}
      />
    );
  }
  return <Image src={defaultPicture} alt="" height="40" objectFit="cover" bg="brand.50" />;
}

/** A news card: the whole card is one link to the detail page. */
export function NewsCard({ media }: { media: MediaCardFragment }) {
  const isEvent = media.categories.includes("EVENT") && media.eventFrom;
  return (
    <Card.Root
      asChild
      overflow="hidden"
      _hover={{ shadow: "md" }}
      _focusWithin={{ outline: "3px solid", outlineColor: "brand.500" }}
    >
      <Link to={`/actualites/${media.id}`}>
        <CardPicture media={media} />
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
export function ResourceCard({ media }: { media: MediaCardFragment }) {
  return (
    <Card.Root overflow="hidden">
      <Image src={media.mainPicture ?? defaultPicture} alt="" height="40" objectFit="cover" bg="brand.50" />
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
