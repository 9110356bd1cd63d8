import {
  Checkbox,
  CheckboxGroup,
  DataList,
  Field,
  Fieldset,
  Input,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { type HTMLInputTypeAttribute } from "react";
import { type Network, type Role } from "../../generated/accounts";
import { type UserRowFragment } from "../../generated/users";
import {
  type NetworkChoice,
  userFieldId,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
} from "./user-form";
import "../../ui/more-recipes";
import { TOWN_TO_SPECIFY, townToSpecify } from "../../form-rules";
import { FormField } from "../../ui/FormField";
import { TownSelect } from "../geo/TownSelect";

type TextFieldName = "name" | "surname" | "email" | "phone" | "mobile" | "expiration";

interface UserFormFieldsProps {
  values: UserFormValues;
  /** The error to show for each field (already filtered by touched/submitted). */
  errors: UserFormErrors;
  roles: { value: Role; label: string }[];
  networks: NetworkChoice[];
  /** The edited user, for the read-only request details; null when creating. */
  user: UserRowFragment | null;
  /** A partner request is being validated (« Valider »). */
  validating?: boolean;
  onChange: <F extends UserFormField>(field: F, value: UserFormValues[F]) => void;
  onBlur: (field: UserFormField) => void;
}

/** The fields of the create/edit user form (state lives in UserFormDialog). */
export function UserFormFields({
  values,
  errors,
  roles,
  networks,
  user,
  validating = false,
  onChange,
  onBlur,
}: UserFormFieldsProps) {
  // A partner's town left empty is to be given later; an administrator needs none.
  const toSpecify = values.role !== "" && townToSpecify({ role: values.role, city: null });
  const text = (field: TextFieldName, label: string, options: TextFieldOptions = {}) => (
    <TextField
      field={field}
      label={label}
      value={values[field]}
      error={errors[field]}
      onChange={(value) => onChange(field, value)}
      onBlur={() => onBlur(field)}
      {...options}
    />
  );
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text("name", "Nom", { required: true, autoComplete: "family-name" })}
        {text("surname", "Prénom", { required: true, autoComplete: "given-name" })}
        {text("email", "E-mail", { required: true, type: "email", autoComplete: "email" })}
        {text("phone", "Téléphone fixe", { required: true, type: "tel", autoComplete: "tel" })}
        {text("mobile", "Téléphone portable", { type: "tel", autoComplete: "tel" })}
        {text("expiration", "Date d'expiration", {
          placeholder: "JJ/MM/AAAA",
          inputMode: "numeric",
          helper: "Format JJ/MM/AAAA ; laisser vide pour un compte sans expiration.",
        })}
      </SimpleGrid>

      <Field.Root invalid={!!errors.role} required>
        <RadioGroup.Root
          value={values.role || null}
          onValueChange={(details) => details.value && onChange("role", details.value as Role)}
          colorPalette="brand"
        >
          <RadioGroup.Label fontWeight="medium" fontSize="sm" mb="2">
            Rôle <Field.RequiredIndicator color="red.700" />
          </RadioGroup.Label>
          <Stack direction={{ base: "column", sm: "row" }} gap={{ base: "2", sm: "6" }} flexWrap="wrap">
            {roles.map((role) => (
              <RadioGroup.Item key={role.value} value={role.value}>
                <RadioGroup.ItemHiddenInput onBlur={() => onBlur("role")} />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{role.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {errors.role && <Field.ErrorText color="red.700">{errors.role}</Field.ErrorText>}
      </Field.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="medium" fontSize="sm" color="gray.900">
          Réseaux
        </Fieldset.Legend>
        {networks.length === 0 ? (
          <Text fontSize="sm" color="gray.700">
            Aucun réseau ne peut être attribué.
          </Text>
        ) : (
          <CheckboxGroup
            value={values.networks}
            onValueChange={(selected) => onChange("networks", selected as Network[])}
          >
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" mt="1">
              {networks.map((network) => (
                <Checkbox.Root
                  key={network.value}
                  value={network.value}
                  disabled={network.readOnly}
                  colorPalette="brand"
                  size="sm"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{network.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </CheckboxGroup>
        )}
        {networks.some((network) => network.readOnly) && (
          <Fieldset.HelperText color="gray.700">
            Les réseaux grisés sont hors de votre périmètre : ils sont conservés tels quels.
          </Fieldset.HelperText>
        )}
      </Fieldset.Root>

      <FormField
        label="Commune"
        error={errors.townCode}
        id={userFieldId("townCode")}
        helper={
          validating && !user?.city
            ? "La demande n'indique pas de commune : choisissez-la, ou validez sans et précisez-la plus tard."
            : undefined
        }
      >
        <TownSelect
          id={userFieldId("townCode")}
          value={values.townCode}
          onChange={(townCode) => onChange("townCode", townCode)}
          noTownLabel={toSpecify ? TOWN_TO_SPECIFY : "Aucune commune"}
        />
      </FormField>

      {user && <RequestDetails user={user} />}
    </Stack>
  );
}

interface TextFieldOptions {
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
  helper?: string;
}

function TextField({
  field,
  label,
  value,
  error,
  onChange,
  onBlur,
  required,
  type = "text",
  autoComplete,
  placeholder,
  inputMode,
  helper,
}: TextFieldOptions & {
  field: TextFieldName;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <FormField label={label} required={required} error={error} helper={helper} id={userFieldId(field)}>
      <Input
        name={field}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </FormField>
  );
}

/** What a partner wrote when requesting an account: read-only. */
function RequestDetails({ user }: { user: UserRowFragment }) {
  const details = [
    { label: "Motivation", value: user.justify },
    { label: "Adresse", value: user.fullAddress },
  ].filter((detail): detail is { label: string; value: string } => !!detail.value?.trim());
  if (details.length === 0) return null;
  return (
    <DataList.Root orientation="vertical" gap="3" borderTopWidth="1px" pt="4">
      {details.map((detail) => (
        <DataList.Item key={detail.label}>
          <DataList.ItemLabel color="gray.700">{detail.label}</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap">{detail.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
