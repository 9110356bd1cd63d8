import { Box, Button, IconButton } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { useTownGroupsQuery } from "../../generated/reference";
import { useAddressSuggestionsQuery, useClosestTownQuery } from "../../generated/sheet-editing";
import { Combobox, type ComboboxOption } from "../../ui/Combobox";
import { useDebouncedValue } from "../../ui/useDebouncedValue";
import { ADDRESS_DEBOUNCE_MS, ADDRESS_MIN_LENGTH } from "./address-search";
import {
  allMatchingTowns,
  enterTakesFirst,
  matchingTowns,
  namesTowns,
  placeKey,
  type PlaceTown,
  TOWNS_UNAVAILABLE,
} from "./place-search";
import { PLACE_NAME_MAX } from "../../rules";

/** Nothing to propose, and the address service did not answer: the spelling is not in question. */
export const ADDRESS_SEARCH_DOWN =
  "La recherche d'adresses ne répond pas pour le moment : saisissez une commune ou un code postal.";

/** A postcode of another département (« 40100 »): the spelling is not in question either. */
export const OUTSIDE_POSTCODE =
  "Ce code postal n'est pas celui d'une commune du département : le portail ne couvre que ses communes.";

interface PlaceOption extends ComboboxOption {
  lat: number;
  lon: number;
}

export interface PlaceSuggestFieldProps {
  inputId: string;
  text: string;
  onType: (text: string) => void;
  /** The label of the place searched around: typing it again proposes nothing. */
  chosen: string | null;
  onChoose: (label: string, lat: number, lon: number) => void;
  onClear: (() => void) | null;
  describedBy?: string;
  autoFocus: boolean;
}

/**
 * The « Où ? » input once it proposes places (loaded after the page, see PlaceField): towns of
 * the department by name or postcode, from the town list, and addresses from the address
 * service when the text looks like one or names no town.
 */
export default function PlaceSuggestField({
  inputId,
  text,
  onType,
  chosen,
  onChoose,
  onClear,
  describedBy,
  autoFocus,
}: PlaceSuggestFieldProps) {
  // The town list (545 towns) is fetched when the parent comes to the field, not with the page.
  const [wanted, setWanted] = useState(autoFocus || text.trim() !== "");
  const towns = useTownGroupsQuery({ skip: !wanted });
  const allTowns = useMemo<PlaceTown[]>(
    () =>
      (towns.data?.townGroups ?? []).flatMap((group) =>
        group.towns.flatMap((town) =>
          town.location ? [{ city: town.city, postcodes: town.postcodes, ...town.location }] : [],
        ),
      ),
    [towns.data],
  );
  const typed = text.trim();
  const townOptions = typed === chosen ? [] : matchingTowns(allTowns, typed, 6);
  // How many towns the text designates in all: a list cut at six says so.
  const townCount = typed === chosen ? 0 : allMatchingTowns(allTowns, typed).length;
  // Towns proposed for how the text sounds, none by its name: guesses, said as such.
  const guessed = townOptions.length > 0 && !namesTowns(allTowns, typed);
  const search = useDebouncedValue(typed, ADDRESS_DEBOUNCE_MS);
  // Whether a text is looked up as an address: it has a number and a word, or names no town.
  const looksUpAddress = (query: string) =>
    wanted &&
    !towns.loading &&
    query.length >= ADDRESS_MIN_LENGTH &&
    query !== chosen &&
    (/\d/.test(query)
      ? /[a-z]/i.test(query)
      : (query === typed ? townOptions : matchingTowns(allTowns, query, 1)).length === 0);
  const wantsAddresses = looksUpAddress(search);
  const addresses = useAddressSuggestionsQuery({ variables: { query: search, townCode: null }, skip: !wantsAddresses });
  // A name that is no town's, once typing pauses: the server proposes the closest (« Lesacr »: Lescar).
  const wantsClosest =
    wanted && allTowns.length > 0 && search === typed && typed.length >= 4 && typed !== chosen && !/\d/.test(typed);
  const closestTown = useClosestTownQuery({
    variables: { text: search },
    skip: !wantsClosest || matchingTowns(allTowns, search, 1).length > 0,
  });
  const closest = wantsClosest && townOptions.length === 0 ? closestTown.data?.closestTown : null;

  const options: PlaceOption[] = [
    ...townOptions.map((town) => ({
      key: `town-${town.city}-${town.postcodes[0] ?? ""}`,
      label: town.city,
      detail: `Commune · ${town.postcodes.join(", ")}`,
      lat: town.lat,
      lon: town.lon,
    })),
    ...(wantsAddresses && !addresses.error ? (addresses.data?.addressSuggestions ?? []) : []).map((address, index) => ({
      key: `address-${index}-${address.label}`,
      label: address.label,
      detail: "Adresse",
      lat: address.location.lat,
      lon: address.location.lon,
    })),
  ];
  // Until typing pauses and the address service has answered, nothing is said to be missing:
  // « Aucun lieu proposé » would show, go while the addresses are asked, and come back.
  const pending = towns.loading || (looksUpAddress(typed) && (search !== typed || addresses.loading));
  const status =
    typed.length === 0 || typed === chosen || pending
      ? ""
      : options.length === 0
        ? /^\d{5}$/.test(typed) &&
          allTowns.length > 0 &&
          !allTowns.some((town) => town.postcodes.some((code) => code.slice(0, 2) === typed.slice(0, 2)))
          ? OUTSIDE_POSTCODE
          : wantsAddresses && addresses.error
            ? ADDRESS_SEARCH_DOWN
            : "Aucun lieu proposé : vérifiez l'orthographe ou saisissez un code postal."
        : townCount > townOptions.length
          ? `Les ${townOptions.length} premières communes sur ${townCount} : précisez le nom ou le code postal.`
          : `${options.length} lieu${options.length > 1 ? "x" : ""} proposé${options.length > 1 ? "s" : ""}`;

  return (
    <Box>
      <Combobox
        id={inputId}
        autoFocus={autoFocus}
        value={text}
        onFocus={() => setWanted(true)}
        onType={(value) => {
          setWanted(true);
          onType(value);
          // A list that could not be loaded (offline) is asked for again as the parent types.
          if (towns.error && !towns.data) void towns.refetch().catch(() => undefined);
        }}
        options={options}
        onPick={(option) => onChoose(option.label, option.lat, option.lon)}
        // A town typed whole and left for another field (« Lescar », then « Rechercher »), or the
        // one town of a postcode: it is the place, as if picked, not a text silently left unused.
        onBlur={() => {
          const [town] = townOptions;
          if (pending || !town || guessed) return;
          if (placeKey(town.city) === placeKey(typed) || (townCount === 1 && /^\d{5}$/.test(typed)))
            onChoose(town.city, town.lat, town.lon);
        }}
        onEnterWithoutOption={() => {
          if (options.length === 0) return;
          if (!enterTakesFirst(typed, options.length, guessed)) return false;
          onChoose(options[0].label, options[0].lat, options[0].lon);
        }}
        listLabel="Lieux proposés"
        status={status}
        note={
          // The town list could not be loaded: said under the field, addresses proposed or not.
          towns.error && !towns.data && typed !== ""
            ? TOWNS_UNAVAILABLE
            : guessed && !pending
              ? `Aucune commune du département ne s'appelle « ${typed} » : vouliez-vous dire ${
                  townOptions.length > 1 ? "l'une de celles-ci" : "celle-ci"
                } ?`
              : undefined
        }
        loading={pending}
        describedBy={describedBy}
        placeholder="Commune, code postal ou adresse"
        maxLength={PLACE_NAME_MAX}
        endElement={
          onClear ? (
            <IconButton
              aria-label="Effacer le lieu"
              size="sm"
              variant="ghost"
              onClick={() => {
                onClear();
                // The button goes with the place: the focus stays in « Où ? », ready for another.
                document.getElementById(inputId)?.focus();
              }}
            >
              ×
            </IconButton>
          ) : undefined
        }
      />
      {/* Said as it appears; the button takes the town proposed, as a pick in the list would. */}
      <Box role="status" mt={closest?.location ? "2" : "0"}>
        {closest?.location && (
          <Button
            variant="outline"
            colorPalette="brand"
            size="sm"
            minH="11"
            whiteSpace="normal"
            onClick={() => {
              onChoose(closest.city, closest.location!.lat, closest.location!.lon);
              // The button goes with the proposal: the focus stays in « Où ? ».
              document.getElementById(inputId)?.focus();
            }}
          >
            Vouliez-vous dire « {closest.city} » ?
          </Button>
        )}
      </Box>
    </Box>
  );
}
