import { Box, Flex, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { useMapSettingsQuery } from "../../generated/reference";
import type { ServiceSearchInput } from "../../generated/sheets";
import { useIdleImport } from "../../ui/useIdleImport";
import { PressedButtons } from "../../ui/PressedButtons";
import { useMediaQuery } from "../../ui/useMediaQuery";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";

// The map's panel (its query, settings and library) loads when the map is first shown.
const ResultsMapPanel = lazyLoad(() => import("./ResultsMapPanel"));
// The fade that shows what changed (list or map, another place or radius): loaded after the page.
const loadFadeSwap = () => import("../../ui/motion/FadeSwap").then((module) => module.default);

const VIEWS = [
  { value: "list", label: "Liste" },
  { value: "map", label: "Carte" },
] as const;

/** From this width the map sits beside the list; below, « Liste » and « Carte » switch. */
export const SIDE_BY_SIDE = "(min-width: 1100px)";

interface SheetResultsProps {
  /** « 12 résultats »: the « Liste / Carte » switch goes on its line. */
  countLine: ReactNode;
  /** The list of this page (the grid of cards, or the empty and error states). */
  list: ReactNode;
  /** The list's pages, under the list: the map shows the first results whatever the page. */
  pagination: ReactNode;
  input: ServiceSearchInput;
  centre: { lat: number; lon: number } | null;
  /** There are results to map. */
  hasResults: boolean;
}

/**
 * The services list with its map: beside the list on wide screens, behind a « Liste / Carte »
 * switch on phones. The map and its library load only when the map is shown, and the map is
 * offered only when the server says the basemap answers: otherwise it would be pins on an
 * empty frame, for the price of the map library.
 */
export function SheetResults({ countLine, list, pagination, input, centre, hasResults }: SheetResultsProps) {
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const [view, setView] = useState<"list" | "map">("list");
  const settings = useMapSettingsQuery().data?.site;
  const mapOffered = hasResults && Boolean(settings?.mapAvailable);
  const showMap = mapOffered && (sideBySide || view === "map");
  const showList = sideBySide || view === "list" || !mapOffered;
  // What the parent changes by hand. The first change after the fade has loaded starts the fades:
  // nothing already shown is mounted again for it.
  const swapKey = [sideBySide ? "both" : view, input.near?.lat, input.near?.lon, input.near?.radiusKm].join("|");
  const FadeSwap = useIdleImport(loadFadeSwap);
  const [baseline, setBaseline] = useState<string | null>(null);
  const [fading, setFading] = useState(false);
  if (FadeSwap && baseline === null) setBaseline(swapKey);
  if (!fading && baseline !== null && swapKey !== baseline) setFading(true);

  const content = (
    <Flex gap="6" align="flex-start">
      {showList && (
        <Box flex="1" minW="0">
          {list}
          {pagination}
        </Box>
      )}
      {showMap && (
        <LazyPart fallback={<MapFrame sideBySide={sideBySide} />}>
          <ResultsMapPanel input={input} centre={centre} sideBySide={sideBySide} />
        </LazyPart>
      )}
    </Flex>
  );

  return (
    <Flex direction="column" gap="3">
      {/* On a phone the switch shares the count's line: the first card comes up by a row. */}
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        {countLine}
        {mapOffered
          ? !sideBySide && (
              <PressedButtons label="Affichage des résultats" options={VIEWS} value={view} onChange={setView} />
            )
          : // Said once, where the map would be offered, when the basemap does not answer.
            hasResults &&
            settings && (
              <Text fontSize="sm" color="gray.700">
                La carte n'est pas disponible pour le moment.
              </Text>
            )}
      </Flex>
      {fading && FadeSwap ? <FadeSwap swapKey={swapKey}>{content}</FadeSwap> : content}
    </Flex>
  );
}

/** The map's place while its panel loads. */
function MapFrame({ sideBySide }: { sideBySide: boolean }) {
  return (
    <Box
      flex={sideBySide ? "0 0 42%" : "1"}
      width="100%"
      height={sideBySide ? "70vh" : "65vh"}
      minH="20rem"
      borderRadius="lg"
      bg="#e8eef5"
    />
  );
}
