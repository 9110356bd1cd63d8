import { Box, Checkbox, Fieldset, HStack, Stack } from "@chakra-ui/react";
import { useId, useState } from "react";
import { type ServiceType, useReferenceDataQuery } from "../../generated/reference";
import { ExplainButton } from "../../ui/ExplainButton";
import { EasyToRead } from "../reference/EasyToRead";
import { type ServiceTypeOption } from "./useFilterOptions";
import "../../ui/more-recipes";

/**
 * The service types as checkboxes; each type with an explanation has a « ? » button that
 * shows it under the label, « Facile à lire et à comprendre »: short sentences, one a line.
 */
export function ServiceTypeFilter({
  options,
  value,
  onChange,
}: {
  options: ServiceTypeOption[];
  value: ServiceType[];
  onChange: (value: ServiceType[]) => void;
}) {
  const [open, setOpen] = useState<ServiceType | null>(null);
  // The explanations come with the panel, not with the page.
  const { data } = useReferenceDataQuery();
  const explanations = new Map(data?.referenceData.serviceTypes.map((type) => [type.value, type.falc]));
  const idPrefix = useId();
  const toggle = (type: ServiceType, checked: boolean) =>
    onChange(checked ? [...value, type] : value.filter((selected) => selected !== type));

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" color="gray.900">
        Types de service
      </Fieldset.Legend>
      <Stack gap="1.5" mt="2">
        {options.map((labelled) => {
          const option = { ...labelled, falc: explanations.get(labelled.value) };
          const helpId = `${idPrefix}-${option.value}`;
          const expanded = open === option.value;
          return (
            <Box key={option.value}>
              <HStack gap="2" align="center" justify="space-between">
                <Checkbox.Root
                  size="sm"
                  checked={value.includes(option.value)}
                  onCheckedChange={(event) => toggle(option.value, event.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{option.label}</Checkbox.Label>
                </Checkbox.Root>
                {option.falc && (
                  <ExplainButton
                    subject={option.label}
                    expanded={expanded}
                    controls={helpId}
                    onToggle={() => setOpen(expanded ? null : option.value)}
                  />
                )}
              </HStack>
              {option.falc && (
                <Box
                  hidden={!expanded}
                  id={helpId}
                  fontSize="sm"
                  color="gray.800"
                  bg="brand.50"
                  borderRadius="md"
                  p="2"
                  mt="1"
                >
                  <EasyToRead sentences={option.falc} />
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
    </Fieldset.Root>
  );
}
