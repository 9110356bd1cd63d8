import { Box, Button, Fieldset, HStack, Stack, Text } from "@chakra-ui/react";
import { useId, useMemo, useState } from "react";
import { useTownGroupsQuery } from "../../generated/reference";
import { CheckboxGroup } from "../../ui/CheckboxGroup";
import { Combobox } from "../../ui/Combobox";
import { enterTakesFirst, matchingTowns, placeKey, TOWNS_UNAVAILABLE } from "./place-search";
import "../../ui/more-recipes";
import { PLACE_NAME_MAX } from "../../rules";

/** Until the towns arrive: the same empty list on every render, so `matches` is not recomputed. */
const NO_GROUPS: never[] = [];

export interface Locations {
  epci: string[];
  city: string[];
}

/**
 * Intercommunalités (checkboxes) and towns (searched by name, shown as removable
 * tags) of the department, from the server's grouped town list.
 */
export function LocationPicker({
  value,
  onChange,
  legend = "Territoires",
}: {
  value: Locations;
  onChange: (value: Locations) => void;
  legend?: string;
}) {
  const { data, loading, error, refetch } = useTownGroupsQuery();
  const [query, setQuery] = useState("");
  const inputId = useId();
  const groups = data?.townGroups ?? NO_GROUPS;

  const matches = useMemo(() => {
    if (placeKey(query).length < 2) return [];
    const towns = groups
      .flatMap((group) => group.towns.map((town) => ({ ...town, epci: group.epci })))
      .filter((town) => !value.city.includes(town.city));
    // Whole name first, then names starting with the text, then a word of the name (as « Où ? »).
    return matchingTowns(towns, query, 8);
  }, [groups, query, value.city]);
  const typed = placeKey(query);
  const status =
    loading || typed.length < 2
      ? ""
      : error && !data
        ? TOWNS_UNAVAILABLE
        : matches.length === 0
          ? "Aucune commune ne correspond : vérifiez l'orthographe ou saisissez un code postal."
          : `${matches.length} commune${matches.length > 1 ? "s" : ""} proposée${matches.length > 1 ? "s" : ""}`;
  const choose = (city: string) => {
    onChange({ ...value, city: [...value.city, city] });
    setQuery("");
  };
  // A removed town's button goes: the focus goes back to the search, not to the page's start.
  const remove = (city: string) => {
    onChange({ ...value, city: value.city.filter((c) => c !== city) });
    document.getElementById(inputId)?.focus();
  };

  return (
    <Stack gap="4">
      {/* A fieldset is as wide as its content by default: it keeps to the drawer's width. */}
      <Fieldset.Root minW="0">
        <Fieldset.Legend fontWeight="semibold" color="gray.900">
          {legend} : communes
        </Fieldset.Legend>
        <Box mt="2">
          <label htmlFor={inputId}>
            <Text fontSize="sm" mb="1">
              Rechercher une commune
            </Text>
          </label>
          <Combobox
            id={inputId}
            value={query}
            placeholder="ex. : Oloron"
            maxLength={PLACE_NAME_MAX}
            onType={(text) => {
              setQuery(text);
              // A list that could not be loaded (offline) is asked for again as the parent types.
              if (error && !data) void refetch().catch(() => undefined);
            }}
            options={matches.map((town) => ({
              key: town.inseeCode,
              label: town.city,
              detail: `${town.postcodes[0] ?? ""} – ${town.epci}`,
            }))}
            onPick={(option) => choose(option.label)}
            // Enter on a typed name takes the first town proposed (« Pau »), never the form's submit;
            // in an empty field it sends the filters.
            onEnterWithoutOption={
              query.trim()
                ? () => {
                    if (matches.length === 0) return;
                    if (!enterTakesFirst(query, matches.length)) return false;
                    choose(matches[0].city);
                  }
                : undefined
            }
            listLabel="Communes proposées"
            status={status}
            loading={loading}
          />
        </Box>
        {value.city.length > 0 && (
          <HStack
            as="ul"
            listStyleType="none"
            m="0"
            p="0"
            mt="2"
            gap="2"
            flexWrap="wrap"
            aria-label="Communes choisies"
          >
            {value.city.map((city) => (
              <li key={city}>
                <Button
                  size="sm"
                  variant="subtle"
                  colorPalette="green"
                  aria-label={`Retirer ${city}`}
                  onClick={() => remove(city)}
                >
                  {city}
                  <Box as="span" aria-hidden="true" fontSize="lg" lineHeight="1">
                    ×
                  </Box>
                </Button>
              </li>
            ))}
          </HStack>
        )}
      </Fieldset.Root>
      <CheckboxGroup
        legend={`${legend} : intercommunalités`}
        options={groups.map((group) => ({ value: group.epci, label: group.epci }))}
        value={value.epci}
        onChange={(epci) => onChange({ ...value, epci })}
      />
    </Stack>
  );
}
