import { Box, Button, Heading } from "@chakra-ui/react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { RouterLink } from "../../ui/RouterLink";
import { type PlaceState } from "../filters/url-state";
import { PlaceField } from "../geo/PlaceField";
import { ENTRY_POINTS, type EntryPoint, entryPointHref } from "./entry-points";
import { storedPlace, storePlace } from "./place-memory";

/** Line drawings of the needs, 24 × 24, in the text's colour. */
const ICONS: Record<EntryPoint, string> = {
  // A pram.
  childcare:
    "M3 5h2l2 7h13a8 8 0 0 0-8-8v8M7 12a5 5 0 0 0 5 5h3a5 5 0 0 0 5-5M7 20a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0M15 20a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0",
  // A calendar.
  outings: "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h2M14 14h2M8 17h2",
  // A heart.
  support: "M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z",
  // An open book.
  advice: "M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z",
};

/**
 * « Que cherchez-vous ? », above the news on the home page: « Où ? » (the services list's field,
 * on one line) and four needs in a parent's words, each opening its list already filtered around
 * the place (a town, an address or « Autour de moi »), which this device remembers for the next
 * visit. On a phone, all of it and the start of the news fit the first screen.
 *
 * The server renders it; its code (the place field's included) loads after the page's
 * (NewsListPage): until then its links work as plain links, without a place, as the field shows
 * none.
 */
export default function HomeIntro() {
  const headingId = useId();
  const [place, setPlace] = useState<PlaceState | null>(null);
  // The place this device remembers, once live (the server knows nothing of this device).
  useEffect(() => setPlace(storedPlace()), []);
  return (
    <Box as="section" aria-labelledby={headingId} mb="6" maxW="3xl">
      <Heading as="h2" id={headingId} size="xl" mb="2">
        Que cherchez-vous ?
      </Heading>
      <PlaceField
        compact
        place={place}
        onChange={(next) => {
          setPlace(next);
          storePlace(next);
        }}
      />
      <Box
        as="ul"
        listStyleType="none"
        m="0"
        mt="3"
        p="0"
        display="grid"
        gridTemplateColumns="repeat(2, minmax(0, 1fr))"
        gap="2"
      >
        {ENTRY_POINTS.map((entry) => (
          <li key={entry.key}>
            <Button
              asChild
              variant="outline"
              colorPalette="brand"
              width="full"
              height="full"
              minH="14"
              py="2"
              px="3"
              justifyContent="flex-start"
              textAlign="start"
              whiteSpace="normal"
              lineHeight="short"
              bg="white"
            >
              <Link to={entryPointHref(entry.key, place)}>
                <svg
                  viewBox="0 0 24 24"
                  width="24"
                  height="24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                  focusable="false"
                  style={{ flexShrink: 0 }}
                >
                  <path d={ICONS[entry.key]} />
                </svg>
                {entry.label}
              </Link>
            </Button>
          </li>
        ))}
      </Box>
      <RouterLink
        to="/que-propose-ce-portail"
        display="inline-flex"
        alignItems="center"
        minH="11"
        color="brand.700"
        textDecoration="underline"
      >
        Que propose ce portail ?
      </RouterLink>
    </Box>
  );
}
