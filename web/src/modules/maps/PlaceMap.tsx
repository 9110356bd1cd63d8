import { Box, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { useSiteQuery } from "../../generated/graphql";
import { isUsableLocation } from "./map-tiles";

const MapView = lazy(() => import("./MapView"));

interface PlaceMapProps {
  label: string;
  address: string | null;
  location: { lat: number; lon: number } | null | undefined;
  height?: number;
}

/** A place: its address always, and a map of it when it has a location (spec §9: 400 px on detail pages). */
export function PlaceMap({ label, address, location, height = 400 }: PlaceMapProps) {
  const { data } = useSiteQuery();
  if (!address && !isUsableLocation(location)) return null;
  return (
    <Stack as="section" aria-labelledby="place-heading" gap="2">
      <Text as="h2" id="place-heading" fontSize="lg" fontWeight="semibold">
        Lieu
      </Text>
      {address && (
        <Box as="address" fontStyle="normal" color="gray.700">
          {address}
        </Box>
      )}
      {isUsableLocation(location) && data && (
        <Suspense fallback={<Box height={`${height}px`} bg="gray.100" borderRadius="md" aria-hidden />}>
          <MapView
            lat={location.lat}
            lon={location.lon}
            label={label}
            height={height}
            provider={data.site.mapProvider}
            mapboxToken={data.site.mapboxToken}
          />
        </Suspense>
      )}
    </Stack>
  );
}
