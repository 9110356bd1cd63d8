import { Field } from "@chakra-ui/react";
import { ReactNode } from "react";
import "./more-recipes";

interface FormFieldProps {
  label: string;
  required?: boolean;
  error?: string | null;
  helper?: ReactNode;
  children: ReactNode;
}

/** A labelled field with its error state and message (spec §5: an empty required field shows an error). */
export function FormField({ label, required, error, helper, children }: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator color="red.700" />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
