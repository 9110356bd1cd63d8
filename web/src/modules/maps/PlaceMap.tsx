import { Box, Flex, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useMapSettingsQuery } from "../../generated/reference";
import { ItineraryLink } from "./ItineraryLink";
import { isUsableLocation, itineraryUrl } from "./map-tiles";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";

const MapView = lazyLoad(() => import("./MapView"));

/** A map starts loading when it comes this close to the screen. */
const NEAR_VIEWPORT = "300px";

interface PlaceMapProps {
  label: string;
  address: string | null;
  location: { lat: number; lon: number } | null | undefined;
  height?: number;
  /** A route planner link: for a place one goes to (a service, an event), not a document's town. */
  directions?: boolean;
}

/**
 * A place: its address and a route planner link always, and a map of it (spec §9: 400 px
 * on detail pages) when the basemap answers. The map's frame keeps its size from the
 * first paint; the map library (about 270 KB) loads only when the frame nears the screen.
 */
export function PlaceMap({ label, address, location, height = 400, directions = true }: PlaceMapProps) {
  const { data } = useMapSettingsQuery();
  const headingId = useId();
  const settings = data?.site;
  const route = directions ? itineraryUrl(location, address) : null;
  if (!address && !route) return null;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2">
      <Text as="h2" id={headingId} fontSize="lg" fontWeight="semibold">
        Lieu
      </Text>
      {address && (
        <Box as="address" fontStyle="normal" color="gray.700">
          {address}
        </Box>
      )}
      {route && (
        <Flex gap="4" wrap="wrap">
          <ItineraryLink label={label} location={location} address={address} />
        </Flex>
      )}
      {isUsableLocation(location) && settings?.mapAvailable && (
        <LazyMap
          label={label}
          lat={location.lat}
          lon={location.lon}
          height={height}
          settings={settings}
          directions={Boolean(route)}
        />
      )}
    </Stack>
  );
}

function LazyMap({
  label,
  lat,
  lon,
  height,
  settings,
  directions,
}: {
  label: string;
  lat: number;
  lon: number;
  height: number;
  settings: { mapProvider: string; mapboxToken: string | null; mapTilesUrl: string };
  directions: boolean;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <Box ref={frame} position="relative" height={`${height}px`} borderRadius="md" overflow="hidden" bg="gray.100">
      <Text
        position="absolute"
        inset="0"
        display="flex"
        alignItems="center"
        justifyContent="center"
        color="gray.700"
        p="4"
        textAlign="center"
      >
        {failed
          ? `La carte n'a pas pu être chargée${directions ? " : suivez le lien « Itinéraire »" : ""}.`
          : "Carte du lieu"}
      </Text>
      {near && !failed && (
        <LazyPart>
          <MapView
            lat={lat}
            lon={lon}
            label={label}
            provider={settings.mapProvider}
            mapboxToken={settings.mapboxToken}
            tilesUrl={settings.mapTilesUrl}
            onFailed={() => setFailed(true)}
          />
        </LazyPart>
      )}
    </Box>
  );
}
