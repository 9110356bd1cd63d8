import { Box, Button, Flex, Link, Text } from "@chakra-ui/react";
import { ItineraryLink } from "../../maps/ItineraryLink";
import { FirstFacts } from "../../../ui/FirstFacts";
import { ShareButton } from "../../../ui/ShareButton";
import { useHydrated } from "../../../ui/useHydrated";
import { telHref } from "../../sheets/sheet-display";
import { eventWhen } from "../dates";
import { googleCalendarUrl } from "../google-calendar";

/**
 * What a family needs first on an event's page, right under its title: when, where, the
 * way there, « Ajouter à mon agenda » (an .ics file, in Paris time) or to Google Agenda, and
 * « Partager ».
 */
export function EventFacts({
  media,
}: {
  media: {
    id: string;
    title: string;
    description: string | null;
    eventFrom: string;
    eventTo: string | null;
    place: string | null;
    location: { lat: number; lon: number } | null;
    contactEmail: string | null;
    contactPhone: string | null;
    registrationUrl: string | null;
  };
}) {
  const hasContact = Boolean(media.contactEmail || media.contactPhone);
  // The page's address in Google's details, once known in the browser (the server's page has none).
  const live = useHydrated();
  const page = live ? `${window.location.origin}${window.location.pathname}` : "";
  const google = googleCalendarUrl({
    title: media.title,
    eventFrom: media.eventFrom,
    eventTo: media.eventTo,
    place: media.place,
    details: [media.description, page].filter(Boolean).join("\n\n"),
  });
  return (
    <FirstFacts label="Date et lieu de l'évènement">
      <Text fontWeight="semibold" fontSize="lg">
        {eventWhen(media.eventFrom, media.eventTo).map((part, index) =>
          part.dateTime ? (
            <time key={index} dateTime={part.dateTime}>
              {part.text}
            </time>
          ) : (
            part.text
          ),
        )}
      </Text>
      {media.place && (
        <Box as="address" fontStyle="normal" color="gray.800">
          {media.place}
        </Box>
      )}
      <Flex gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <a href={`/api/media/${encodeURIComponent(media.id)}/agenda.ics`} download>
            Ajouter à mon agenda
          </a>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <Link href={google} target="_blank" rel="noopener noreferrer">
            Ajouter à Google Agenda
            <Text as="span" srOnly>
              {" "}
              (nouvel onglet)
            </Text>
          </Link>
        </Button>
        <ItineraryLink asButton label={media.title} location={media.location} address={media.place} />
        {media.registrationUrl && (
          <Button asChild variant="outline" colorPalette="brand">
            <Link href={media.registrationUrl} target="_blank" rel="noopener noreferrer">
              S'inscrire
              <Text as="span" srOnly>
                {" "}
                à {media.title} (site de l'organisateur, nouvel onglet)
              </Text>
            </Link>
          </Button>
        )}
        <ShareButton title={media.title} />
      </Flex>
      {hasContact && (
        <Text color="gray.800">
          Contact de l'organisateur :{" "}
          {media.contactEmail && (
            <Link href={`mailto:${media.contactEmail}`} color="brand.700" textDecoration="underline">
              {media.contactEmail}
            </Link>
          )}
          {media.contactEmail && media.contactPhone && " · "}
          {media.contactPhone && (
            <Link href={telHref(media.contactPhone)} color="brand.700" textDecoration="underline">
              {media.contactPhone}
            </Link>
          )}
        </Text>
      )}
    </FirstFacts>
  );
}
