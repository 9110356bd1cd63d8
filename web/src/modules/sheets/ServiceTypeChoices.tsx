import { Box, Checkbox, Fieldset, HStack, SimpleGrid, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import { type ServiceType } from "../../generated/reference";
import { ExplainButton } from "../../ui/ExplainButton";
import "../../ui/more-recipes";

export interface ServiceTypeOption {
  value: ServiceType;
  label: string;
  description: string;
}

interface ServiceTypeChoicesProps {
  legend: string;
  options: ServiceTypeOption[];
  value: ServiceType[];
  onChange: (value: ServiceType[]) => void;
  error?: string | null;
}

/**
 * The service types as checkboxes, each with its French explanation for families:
 * read with the checkbox by screen readers, shown on demand by its "?" button.
 */
export function ServiceTypeChoices({ legend, options, value, onChange, error }: ServiceTypeChoicesProps) {
  const baseId = useId();
  const [shown, setShown] = useState<ReadonlySet<ServiceType>>(new Set());
  const toggleHelp = (type: ServiceType) =>
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });
  const toggle = (type: ServiceType, checked: boolean) =>
    onChange(checked ? [...value, type] : value.filter((selected) => selected !== type));

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="semibold" color="gray.900">
        {legend}
      </Fieldset.Legend>
      <Fieldset.HelperText color="gray.700" fontSize="sm">
        Le bouton « ? » affiche l'explication de chaque type pour les familles.
      </Fieldset.HelperText>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        m="0"
        p="0"
        mt="2"
        gap="1.5"
        columns={{ base: 1, md: 2 }}
        alignItems="start"
      >
        {options.map((option) => {
          const helpId = `${baseId}-${option.value}-help`;
          const open = shown.has(option.value);
          return (
            <Box as="li" key={option.value}>
              <HStack gap="1" align="center">
                <Checkbox.Root
                  size="sm"
                  flex="1"
                  checked={value.includes(option.value)}
                  onCheckedChange={(event) => toggle(option.value, event.checked === true)}
                >
                  <Checkbox.HiddenInput aria-describedby={helpId} />
                  <Checkbox.Control />
                  <Checkbox.Label>{option.label}</Checkbox.Label>
                </Checkbox.Root>
                <ExplainButton
                  subject={option.label}
                  expanded={open}
                  controls={helpId}
                  onToggle={() => toggleHelp(option.value)}
                />
              </HStack>
              <Text
                id={helpId}
                hidden={!open}
                fontSize="sm"
                color="gray.700"
                bg="gray.50"
                borderRadius="md"
                p="2"
                mt="1"
              >
                {option.description}
              </Text>
            </Box>
          );
        })}
      </SimpleGrid>
      {error && <Fieldset.ErrorText color="red.700">{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
