import { Box, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { type ServiceSearchInput, useServiceMapQuery } from "../../generated/sheets";
import { useMapSettingsQuery } from "../../generated/reference";
import { IGN_ATTRIBUTION, isUsableLocation } from "../maps/map-tiles";
import type { MapPin } from "../maps/ResultsMap";
import { aroundVariables } from "../filters/search-input";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";
import { ErrorState, useLoadFailed } from "../../ui/ErrorState";

const ResultsMap = lazyLoad(() => import("../maps/ResultsMap"));

/** The map shows the first results of the search (the nearest around a place). */
export const MAP_PINS = 100;

/** The results on a map, with what it shows in words (the list is the accessible equivalent). */
export default function ResultsMapPanel({
  input,
  centre,
  sideBySide,
}: {
  input: ServiceSearchInput;
  centre: { lat: number; lon: number } | null;
  sideBySide: boolean;
}) {
  const navigate = useNavigate();
  const settings = useMapSettingsQuery().data?.site;
  const { data, loading, error, refetch } = useServiceMapQuery({
    variables: {
      input: { ...input, page: 0, pageSize: MAP_PINS },
      ...aroundVariables(input.near),
    },
  });
  const pins = useMemo<MapPin[]>(
    () =>
      (data?.services.results ?? []).flatMap((service) =>
        isUsableLocation(service.location)
          ? [
              {
                id: service.id,
                name: service.serviceName,
                city: service.city,
                lat: service.location.lat,
                lon: service.location.lon,
                distanceKm: service.distanceKm ?? null,
              },
            ]
          : [],
      ),
    [data],
  );
  const [failed, setFailed] = useState(false);
  const loadFailed = useLoadFailed(Boolean(error && !data), loading);
  const count = data?.services.count ?? 0;
  const placed = pins.length;
  return (
    <Box
      as="section"
      aria-label="Carte des résultats"
      flex={sideBySide ? "0 0 42%" : "1"}
      width="100%"
      position={sideBySide ? "sticky" : "relative"}
      top={sideBySide ? "4" : undefined}
    >
      {/* The map's services could not be loaded (offline): said, with a way to try again (and
          again by itself), not « Chargement de la carte… » for good. */}
      {loadFailed && <ErrorState compact onRetry={() => void refetch().catch(() => undefined)} retrying={loading} />}
      {/* The map is for the eyes; the list gives the same services to everyone. */}
      <Text fontSize="sm" color="gray.700" mb="2" hidden={loadFailed}>
        {failed
          ? "La carte ne peut pas s'afficher sur cet appareil : la liste donne les mêmes services, avec leurs coordonnées."
          : data
            ? `${placed} service${placed > 1 ? "s" : ""} sur la carte${count > MAP_PINS ? ` (les ${MAP_PINS} premiers)` : ""} : la liste donne les mêmes, avec leurs coordonnées.`
            : "Chargement de la carte…"}
      </Text>
      <Box
        aria-hidden="true"
        position="relative"
        height={sideBySide ? "70vh" : "65vh"}
        minH="20rem"
        borderRadius="lg"
        overflow="hidden"
        borderWidth="1px"
        bg="#e8eef5"
      >
        {data && settings && !failed && (
          <LazyPart>
            <ResultsMap
              pins={pins}
              centre={centre}
              tilesUrl={settings.mapAvailable && !settings.mapboxToken ? settings.mapTilesUrl : null}
              onOpen={(id) => navigate(`/services/${id}`)}
              onFailed={() => setFailed(true)}
            />
          </LazyPart>
        )}
      </Box>
      {settings?.mapAvailable && (
        <Text fontSize="xs" color="gray.700" mt="1">
          Fond de carte {IGN_ATTRIBUTION}
        </Text>
      )}
    </Box>
  );
}
