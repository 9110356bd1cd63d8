import { Field } from "@chakra-ui/react";
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from "react";
import "./more-recipes";

interface FormFieldProps {
  label: string;
  required?: boolean;
  error?: string | null;
  /** A rule or a hint: it stays shown with the error, which often repeats it. */
  helper?: ReactNode;
  /** The control's id (for a form's summary of errors to link to it). */
  id?: string;
  children: ReactNode;
}

/**
 * A labelled field (spec §5: an empty required field shows an error). The control is tied
 * to its label, its hint and its error (aria-describedby, aria-invalid), so a screen reader
 * reads them when the field gets the focus.
 */
export function FormField({ label, required, error, helper, id, children }: FormFieldProps) {
  const base = useId();
  const controlId = id ?? `${base}champ`;
  const helperId = helper ? `${base}aide` : undefined;
  const errorId = error ? `${base}erreur` : undefined;
  const describedBy = [errorId, helperId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children as ReactElement<Record<string, unknown>>, {
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
      })
    : children;
  return (
    <Field.Root id={controlId} required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator color="red.700" />}
      </Field.Label>
      {control}
      {helper && <Field.HelperText id={helperId}>{helper}</Field.HelperText>}
      {error && (
        <Field.ErrorText id={errorId} color="red.700">
          {error}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
