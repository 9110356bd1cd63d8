import { chakra, Input, Stack, Text } from "@chakra-ui/react";
import { createContext, useContext, useId } from "react";
import { HOURS_LIMITS } from "../../../form-rules";

export const Label = chakra("label");

export interface FieldProps {
  /** Read before the visible label by screen readers (« Lundi, plage 1 : »). */
  context: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Its key in hoursErrorAt's terms (« week-0-r1-end »): the field an error is about is marked. */
  field: string;
}

/** The field the form's hours error is about (hoursErrorAt), and the error's element. */
export const HoursErrorContext = createContext<{ at: string | undefined; errorId: string }>({
  at: undefined,
  errorId: "",
});

/** aria-invalid and aria-describedby for the field `field`, when the error is about it. */
export function useFieldError(field: string) {
  const { at, errorId } = useContext(HoursErrorContext);
  return at === field ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
}

/** A native time or date field: typed with the keyboard, or picked with the device's own picker. */
function TimeOrDateField({ context, label, value, onChange, field, type }: FieldProps & { type: "time" | "date" }) {
  const id = useId();
  const invalid = useFieldError(field);
  return (
    <Stack gap="0.5">
      <Label htmlFor={id} fontSize="sm">
        <Text as="span" srOnly>
          {context}{" "}
        </Text>
        {label}
      </Label>
      <Input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        bg="white"
        w={type === "time" ? "8.5rem" : "10rem"}
        {...invalid}
      />
    </Stack>
  );
}
export const TimeField = (props: FieldProps) => <TimeOrDateField {...props} type="time" />;
export const DateField = (props: FieldProps) => <TimeOrDateField {...props} type="date" />;

/** A closure's or an exceptional opening's note (« Travaux, vacances… »), optional. */
export function NoteField({ context, label, value, onChange }: Omit<FieldProps, "field">) {
  const id = useId();
  return (
    <Stack gap="0.5" flex="1" minW="10rem">
      <Label htmlFor={id} fontSize="sm">
        <Text as="span" srOnly>
          {context}{" "}
        </Text>
        {label} (facultatif)
      </Label>
      <Input
        id={id}
        value={value}
        maxLength={HOURS_LIMITS.note}
        placeholder="Travaux, vacances…"
        onChange={(event) => onChange(event.target.value)}
        bg="white"
      />
    </Stack>
  );
}
