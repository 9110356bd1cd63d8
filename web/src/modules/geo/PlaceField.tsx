import { Box, chakra, Flex, Text, useRecipe } from "@chakra-ui/react";
import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import { LiveButton } from "../../ui/LiveButton";
import { useTypedBeforeLive } from "../../ui/useTypedBeforeLive";
import { AROUND_ME, DEFAULT_RADIUS_KM, type PlaceState, RADII_KM } from "../filters/url-state";

import type { PlaceSuggestFieldProps } from "./PlaceSuggestField";
import { PLACE_NAME_MAX } from "../../rules";

/**
 * The suggestions (town list, address service, listbox) load once the page is shown: the first
 * paint has a plain input, which they take over once loaded (keeping the focus and the text).
 */
let suggestions: Promise<ComponentType<PlaceSuggestFieldProps>> | null = null;
const loadSuggestions = () => (suggestions ??= import("./PlaceSuggestField").then((module) => module.default));

export const POSITION_REFUSED =
  "Votre position n'a pas pu être obtenue (autorisation refusée ou position indisponible) : saisissez une commune.";

interface PlaceFieldProps {
  place: PlaceState | null;
  onChange: (place: PlaceState | null) => void;
  /**
   * The home page's « Où ? »: the field and « Autour de moi » on one line of a phone, without
   * the radius (the list's default; the services list offers the others) nor a frame.
   */
  compact?: boolean;
}

/**
 * « Où ? »: a town, a postcode or an address, proposed as the parent types (towns from the
 * department's list, addresses from the address service), or « Autour de moi » (the browser's
 * position, asked only on that tap), and a radius. Towns are loaded when the field is first used.
 */
export function PlaceField({ place, onChange, compact = false }: PlaceFieldProps) {
  const inputId = useId();
  const inputStyles = useRecipe({ key: "input" });
  const radiusId = useId();
  const [text, setText] = useState(place?.label ?? "");
  // The place last read from the URL, and the labels of the places chosen here since, which the
  // router draws later, in a transition ("" for none).
  const [seenPlace, setSeenPlace] = useState(place);
  const [asked, setAsked] = useState<string[]>([]);
  const [locating, setLocating] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // The radius chosen before a place is: the search around the place uses it.
  const [radius, setRadius] = useState(place?.radiusKm ?? DEFAULT_RADIUS_KM);
  // The URL changed: a place chosen elsewhere (back button, a link) is shown in the field; one
  // chosen here leaves the text alone, which the parent may have changed since (another town
  // typed at once, on a slow phone).
  if (place?.label !== seenPlace?.label) {
    const label = place?.label ?? "";
    const mine = asked.indexOf(label);
    setSeenPlace(place);
    setAsked(mine < 0 ? [] : asked.slice(mine + 1));
    if (mine < 0) setText(label);
  }

  // Enhanced once the page is idle, or at once when the parent starts typing.
  const [Suggest, setSuggest] = useState<ComponentType<PlaceSuggestFieldProps> | null>(null);
  const plainInput = useRef<HTMLInputElement>(null);
  const [focusOnEnhance, setFocusOnEnhance] = useState(false);
  const enhance = useRef(() => {
    void loadSuggestions().then((component) => {
      setFocusOnEnhance(document.activeElement === plainInput.current);
      setSuggest(() => component);
    });
  }).current;
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(enhance, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(enhance, 200);
    return () => clearTimeout(timer);
  }, [enhance]);
  // Typed before the page is live (a slow phone): kept, and proposals follow.
  useTypedBeforeLive(plainInput, text, (typed) => {
    setText(typed);
    enhance();
  });
  const noteId = useId();

  const apply = (next: PlaceState | null) => {
    setAsked((labels) => [...labels, next?.label ?? ""]);
    onChange(next);
  };
  const choose = (label: string, lat: number, lon: number) => {
    setNote(null);
    setText(label);
    apply({ label, lat, lon, radiusKm: place?.radiusKm ?? radius });
  };

  // The button is disabled while the position is asked, which drops the focus: it gets it back.
  const locateButton = useRef<HTMLButtonElement>(null);
  const refocusLocate = useRef(false);
  useEffect(() => {
    if (locating || !refocusLocate.current) return;
    refocusLocate.current = false;
    if (document.activeElement === document.body) locateButton.current?.focus();
  }, [locating]);

  const locate = () => {
    refocusLocate.current = document.activeElement === locateButton.current;
    if (!("geolocation" in navigator)) {
      setNote(POSITION_REFUSED);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        // To about 100 m: the address (shared, kept in the history) does not tell the parent's door.
        const { latitude, longitude } = position.coords;
        choose(AROUND_ME, Math.round(latitude * 1e3) / 1e3, Math.round(longitude * 1e3) / 1e3);
      },
      () => {
        setLocating(false);
        setNote(POSITION_REFUSED);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  // The first paint's input (before the suggestions take over, and while they load).
  const plain = (
    <chakra.input
      ref={plainInput}
      css={inputStyles({})}
      id={inputId}
      bg="white"
      autoComplete="off"
      maxLength={PLACE_NAME_MAX}
      placeholder="Commune, code postal ou adresse"
      aria-describedby={note ? noteId : undefined}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        enhance();
      }}
    />
  );

  return (
    <Box
      as="section"
      aria-label="Où ?"
      {...(compact ? {} : { borderWidth: "1px", borderColor: "gray.300", borderRadius: "lg", p: "3", bg: "gray.50" })}
    >
      <Flex gap={compact ? "2" : "3"} wrap="wrap" align="flex-end">
        <Box
          flex={compact ? "1 1 11rem" : "1 1 14rem"}
          minW="0"
          // Compact: « Où ? » beside the field, its note under both.
          {...(compact && {
            display: "grid",
            gridTemplateColumns: "auto minmax(0, 1fr)",
            alignItems: "center",
            columnGap: "2",
          })}
        >
          <Box asChild display="block" fontWeight="semibold" mb={compact ? "0" : "1.5"}>
            <label htmlFor={inputId}>Où ?</label>
          </Box>
          {Suggest ? (
            <Suggest
              inputId={inputId}
              text={text}
              autoFocus={focusOnEnhance}
              describedBy={note ? noteId : undefined}
              chosen={place?.label ?? null}
              onType={(value) => {
                setText(value);
                if (!value.trim() && place) apply(null);
              }}
              onChoose={choose}
              onClear={
                place
                  ? () => {
                      setText("");
                      apply(null);
                    }
                  : null
              }
            />
          ) : (
            plain
          )}
          <Text
            id={noteId}
            role="status"
            fontSize="sm"
            color="orange.800"
            mt={note ? "1.5" : "0"}
            gridColumn={compact ? "1 / -1" : undefined}
          >
            {note ?? ""}
          </Text>
        </Box>
        <Flex gap="3" align="flex-end" flex="0 1 auto" wrap="wrap">
          <LiveButton
            ref={locateButton}
            variant="outline"
            colorPalette="brand"
            onClick={locate}
            loading={locating}
            loadingText="Position…"
          >
            {AROUND_ME}
          </LiveButton>
          {!compact && (
            <Box>
              <Box asChild display="block" fontSize="sm" fontWeight="medium" mb="1.5">
                <label htmlFor={radiusId}>Rayon</label>
              </Box>
              {/* A native select with the theme's input styles (no Field machinery on the list page). */}
              <chakra.select
                css={inputStyles({})}
                id={radiusId}
                width="8.5rem"
                bg="white"
                // The input styles remove the native arrow: it is given back, to say it is a list to open.
                appearance="auto"
                value={String(place?.radiusKm ?? radius)}
                onChange={(event) => {
                  const radiusKm = Number(event.target.value);
                  setRadius(radiusKm);
                  if (place) onChange({ ...place, radiusKm });
                }}
              >
                {RADII_KM.map((value) => (
                  <option key={value} value={value}>
                    {value} km
                  </option>
                ))}
              </chakra.select>
            </Box>
          )}
        </Flex>
      </Flex>
    </Box>
  );
}
