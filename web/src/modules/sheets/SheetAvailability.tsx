import { Heading, Stack, Text } from "@chakra-ui/react";
import { type ReactNode } from "react";
import type { ServiceFullFragment } from "../../generated/sheet-editing";

/**
 * « Places disponibles » on a child care sheet: the line of the cards, then each age group; old
 * availability reads « à confirmer » (the server words it: api/src/shared/availability.ts).
 * Without any, nothing, unless `editor` (the sheet's members) is there to give them.
 */
export function SheetAvailability({
  availability,
  editor,
}: {
  availability: ServiceFullFragment["availability"];
  editor?: ReactNode;
}) {
  if (!availability && !editor) return null;
  return (
    <Stack as="section" aria-labelledby="availability-heading" gap="1">
      <Heading as="h2" size="lg" id="availability-heading">
        Places disponibles
      </Heading>
      {availability ? (
        <>
          <Text fontWeight="semibold" color={availability.current ? "green.800" : "gray.800"}>
            {availability.summary}
          </Text>
          <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
            {availability.groups.map((group) => (
              <li key={group.ageGroup}>
                {group.label} : {group.text}
              </li>
            ))}
          </Stack>
        </>
      ) : (
        <Text color="gray.700">Aucune place indiquée pour le moment.</Text>
      )}
      {editor}
    </Stack>
  );
}
