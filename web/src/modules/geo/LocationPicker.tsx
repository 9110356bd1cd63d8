import { Box, Button, Fieldset, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTownGroupsQuery } from "../../generated/reference";
import { CheckboxGroup } from "../../ui/CheckboxGroup";
import { matchingTowns, placeKey } from "./place-search";
import "../../ui/more-recipes";

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
  const { data, loading } = useTownGroupsQuery();
  const [query, setQuery] = useState("");
  const inputId = useId();
  const groups = data?.townGroups ?? [];
  const suggestions = useRef<HTMLDivElement>(null);

  const matches = useMemo(() => {
    if (placeKey(query).length < 2) return [];
    const towns = groups
      .flatMap((group) => group.towns.map((town) => ({ ...town, epci: group.epci })))
      .filter((town) => !value.city.includes(town.city));
    // Whole name first, then names starting with the text, then a word of the name (as « Où ? »).
    return matchingTowns(towns, query, 8);
  }, [groups, query, value.city]);
  // The suggestions open below the field: in a drawer, they are brought above its buttons.
  const shown = matches.length > 0;
  useEffect(() => {
    if (shown) suggestions.current?.scrollIntoView({ block: "nearest" });
  }, [shown]);

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
          <Input
            id={inputId}
            size="sm"
            width="100%"
            value={query}
            disabled={loading}
            placeholder="ex. : Oloron"
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
          />
          {matches.length > 0 && (
            <Stack
              as="ul"
              ref={suggestions}
              listStyleType="none"
              m="0"
              p="0"
              mt="1"
              gap="0"
              borderWidth="1px"
              borderRadius="md"
              bg="white"
            >
              {matches.map((town) => (
                <li key={town.inseeCode}>
                  <Button
                    variant="ghost"
                    size="sm"
                    width="100%"
                    height="auto"
                    minH="11"
                    py="2"
                    whiteSpace="normal"
                    textAlign="start"
                    justifyContent="flex-start"
                    onClick={() => {
                      onChange({ ...value, city: [...value.city, town.city] });
                      setQuery("");
                    }}
                  >
                    {town.city} ({town.postcodes[0]}) – {town.epci}
                  </Button>
                </li>
              ))}
            </Stack>
          )}
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
                  onClick={() => onChange({ ...value, city: value.city.filter((c) => c !== city) })}
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
