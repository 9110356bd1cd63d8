import { Button, HStack, Stack } from "@chakra-ui/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { AvailabilityInput } from "../../generated/sheet-editing";
import { errorMessage } from "../../ui/errors";
import { availabilityError, availabilityInput, availabilityValues, type GivenAvailability } from "./availability-form";
import { AvailabilityFields } from "./AvailabilityFields";

/**
 * « Places disponibles » given in one step: the age groups, then « Enregistrer les places ». What
 * the server would refuse is said first, under the fields; its own refusal too. `save` sends them
 * (from the sheet's page, or from the e-mailed link's page).
 */
export default function AvailabilityForm({
  initial,
  save,
  onCancel,
  focusFirst = false,
}: {
  initial: GivenAvailability | null | undefined;
  save: (input: AvailabilityInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Opened by a button: the focus goes to the first age group. */
  focusFirst?: boolean;
}) {
  const [values, setValues] = useState(() => availabilityValues(initial));
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRef<HTMLFormElement>(null);
  const problem = availabilityError(values);
  const error = refused ?? (submitted ? problem : null);

  useEffect(() => {
    if (focusFirst) fields.current?.querySelector("select")?.focus();
  }, [focusFirst]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy) return;
    // The field in error takes the focus once it is drawn, as in the portal's other forms.
    if (problem)
      return requestAnimationFrame(() => fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    setBusy(true);
    try {
      await save(availabilityInput(values));
    } catch (failure) {
      setRefused(errorMessage(failure));
    }
    setBusy(false);
  };

  return (
    <form ref={fields} onSubmit={submit} noValidate aria-label="Places disponibles">
      <Stack gap="3">
        <AvailabilityFields
          values={values}
          error={error}
          onChange={(next) => {
            setValues(next);
            setRefused(null);
          }}
        />
        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" colorPalette="brand" loading={busy} minH="11">
            Enregistrer les places
          </Button>
          {onCancel && (
            <Button type="button" variant="outline" onClick={onCancel} minH="11">
              Annuler
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
