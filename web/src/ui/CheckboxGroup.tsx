import { Checkbox, Fieldset, Stack } from "@chakra-ui/react";
import "./more-recipes";

export interface Option<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

interface CheckboxGroupProps<V extends string> {
  legend: string;
  options: Option<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  invalid?: boolean;
  error?: string | null;
  columns?: 1 | 2;
}

/** A labelled group of checkboxes (filters and forms: ages, thematics, networks, types…). */
export function CheckboxGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  columns = 1,
}: CheckboxGroupProps<V>) {
  const toggle = (option: V, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((selected) => selected !== option));
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="semibold" color="gray.900">
        {legend}
      </Fieldset.Legend>
      <Stack
        gap="1.5"
        mt="2"
        display={columns === 2 ? "grid" : "flex"}
        gridTemplateColumns={columns === 2 ? { base: "1fr", sm: "1fr 1fr" } : undefined}
      >
        {options.map((option) => (
          <Checkbox.Root
            key={option.value}
            size="sm"
            checked={value.includes(option.value)}
            disabled={option.disabled}
            onCheckedChange={(event) => toggle(option.value, event.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {error && <Fieldset.ErrorText color="red.700">{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
