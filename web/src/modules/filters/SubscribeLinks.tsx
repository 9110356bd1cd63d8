import { Flex, Link, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { type ListMode, type ListState, serialiseListState } from "./url-state";

/** The filters a feed takes (networks never: feeds are public). */
const FEED_KEYS = ["q", "ages", "thematics", "epci", "towns"];

/**
 * « S'abonner »: the list's feeds with its filters, for a feed reader or a calendar
 * application (RSS 2.0 of news or resources, iCalendar of the events to come).
 */
export function SubscribeLinks({ mode, state }: { mode: Exclude<ListMode, "services">; state: ListState }) {
  const headingId = useId();
  const all = serialiseListState(state, mode);
  const kept = new URLSearchParams();
  for (const [key, value] of all) if (FEED_KEYS.includes(key)) kept.append(key, value);
  const query = kept.toString() ? `?${kept.toString()}` : "";
  const feeds =
    mode === "news"
      ? [
          { href: `/flux/actualites.xml${query}`, label: "Flux RSS des nouveautés et évènements" },
          { href: `/flux/evenements.ics${query}`, label: "Agenda des évènements à venir (iCal)" },
        ]
      : [{ href: `/flux/ressources.xml${query}`, label: "Flux RSS des documentations et articles" }];
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2" mt="10">
      <Text as="h2" id={headingId} fontSize="md" fontWeight="semibold">
        S'abonner
      </Text>
      <Text color="gray.700">
        Suivez cette liste, avec ses filtres, dans un lecteur de flux ou dans votre agenda (l'adresse du lien s'y
        colle).
      </Text>
      <Flex gap="4" wrap="wrap">
        {feeds.map((feed) => (
          <Link key={feed.href} href={feed.href} color="brand.700" textDecoration="underline">
            {feed.label}
          </Link>
        ))}
      </Flex>
    </Stack>
  );
}
