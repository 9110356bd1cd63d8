import { Badge, Box, Card, Heading, Image, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { MediaCardFragment } from "../../generated/graphql";
import defaultPicture from "../../ui/assets/default-picture.svg";
import { eventSummary, formatDate, formatDateTime } from "./dates";

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
        <Image src={media.mainPicture ?? defaultPicture} alt="" height="40" objectFit="cover" bg="brand.50" />
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
