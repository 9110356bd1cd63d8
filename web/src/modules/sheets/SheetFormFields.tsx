import { Box, Input, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { type HTMLInputTypeAttribute, useId } from "react";
import { type Age, type ServiceType } from "../../generated/reference";
import { CheckboxGroup } from "../../ui/CheckboxGroup";
import { FormField } from "../../ui/FormField";
import { AddressField, type AddressSuggestion } from "../geo/AddressField";
import { TownSelect } from "../geo/TownSelect";
import {
  sheetFieldId,
  type SheetFormErrors,
  type SheetFormField,
  type SheetFormMode,
  type SheetFormValues,
} from "./sheet-form";
import { ServiceTypeChoices, type ServiceTypeOption } from "./ServiceTypeChoices";
import { HoursEditor } from "./hours-editor/HoursEditor";
import { AvailabilityFields } from "./AvailabilityFields";
import { isChildCare } from "../../../../api/src/shared/child-care";
import { lazyLoad } from "../../ui/lazy-load";
import { LazyPart } from "../../ui/LazyPart";
import { MAX_EMAIL_LENGTH, PHONE_MAX_LENGTH, SHEET_LIMITS } from "../../form-rules";

// Quill and its styles load with the description editor only.
const SheetDescriptionEditor = lazyLoad(() => import("./SheetDescriptionEditor"));

type TextFieldName = "serviceName" | "serviceManager" | "email" | "phone" | "mobile" | "website" | "externalLink";

interface SheetFormFieldsProps {
  mode: SheetFormMode;
  values: SheetFormValues;
  /** The error to show for each field (already filtered by touched/submitted). */
  errors: SheetFormErrors;
  types: ServiceTypeOption[];
  ages: { value: Age; label: string }[];
  /** The department's EPCIs (other areas served). */
  epcis: string[];
  onChange: <F extends keyof SheetFormValues>(field: F, value: SheetFormValues[F]) => void;
  onTown: (inseeCode: string) => void;
  onAddressTyped: (text: string) => void;
  onAddressPicked: (suggestion: AddressSuggestion) => void;
  onBlur: (field: SheetFormField) => void;
}

interface TextFieldOptions {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "url" | "numeric";
  placeholder?: string;
  helper?: string;
}

/** The longest value of each text field, as the server accepts it. */
const TEXT_LIMITS: Record<TextFieldName, number> = {
  serviceName: SHEET_LIMITS.serviceName,
  serviceManager: SHEET_LIMITS.serviceManager,
  email: MAX_EMAIL_LENGTH,
  phone: PHONE_MAX_LENGTH,
  mobile: PHONE_MAX_LENGTH,
  website: SHEET_LIMITS.website,
  externalLink: SHEET_LIMITS.externalLink,
};

/** The fields of the create/edit service form (state lives in SheetFormDialog). */
export function SheetFormFields(props: SheetFormFieldsProps) {
  const { mode, values, errors, types, ages, epcis, onChange, onTown, onAddressTyped, onAddressPicked, onBlur } = props;
  const creating = mode === "create";
  const descriptionLabelId = useId();
  const descriptionHelpId = useId();
  const descriptionErrorId = useId();

  const text = (field: TextFieldName, label: string, required: boolean, options: TextFieldOptions = {}) => (
    <FormField label={label} required={required} error={errors[field]} helper={options.helper} id={sheetFieldId(field)}>
      <Input
        value={values[field]}
        type={options.type ?? "text"}
        autoComplete={options.autoComplete ?? "off"}
        inputMode={options.inputMode}
        placeholder={options.placeholder}
        maxLength={TEXT_LIMITS[field]}
        bg="white"
        onChange={(event) => onChange(field, event.target.value)}
        onBlur={() => onBlur(field)}
      />
    </FormField>
  );

  const otherEpcis = epcis.filter((epci) => epci !== values.epci);

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text("serviceName", "Nom de la structure", true, { autoComplete: "organization" })}
        {text("serviceManager", "Gestionnaire", true, { helper: "Nom du ou de la gestionnaire" })}
        {text("email", "E-mail", true, { type: "email", autoComplete: "email" })}
        {text("phone", "Téléphone fixe", true, { type: "tel", autoComplete: "tel" })}
        {text("mobile", "Téléphone portable", false, { type: "tel", autoComplete: "tel" })}
        {text("website", "Site internet", false, {
          type: "url",
          autoComplete: "url",
          placeholder: "https://",
        })}
      </SimpleGrid>
      {text("externalLink", "Lien vers le site d'accueil du jeune enfant", false, {
        type: "url",
        placeholder: "https://",
        helper: "Adresse http(s) de la fiche du service sur un site d'accueil du jeune enfant",
      })}

      <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
        <Text as="legend" fontWeight="semibold" px="1">
          Localisation
        </Text>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Commune" required error={errors.townCode} id={sheetFieldId("townCode")}>
              <TownSelect id={sheetFieldId("townCode")} value={values.townCode} onChange={onTown} />
            </FormField>
            <FormField label="Code postal" required={creating} error={errors.zip} id={sheetFieldId("zip")}>
              <Input
                value={values.zip}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                bg="white"
                onChange={(event) => onChange("zip", event.target.value)}
                onBlur={() => onBlur("zip")}
              />
            </FormField>
          </SimpleGrid>
          <FormField
            label="Adresse"
            required={creating}
            error={errors.fullAddress}
            id={sheetFieldId("fullAddress")}
            helper={
              values.townCode
                ? "Saisissez au moins 3 caractères pour voir les adresses de la commune, ou l'adresse complète."
                : "Saisissez au moins 3 caractères pour voir les adresses proposées, ou l'adresse complète."
            }
          >
            <AddressField
              value={values.fullAddress}
              townCode={values.townCode || null}
              onChange={onAddressTyped}
              onPick={onAddressPicked}
              onBlur={() => onBlur("fullAddress")}
            />
          </FormField>
          <Text fontSize="sm" color="gray.800" aria-live="polite">
            Intercommunalité : {values.epci || "choisissez une commune ou une adresse"}
            {values.epci && !values.location && " — position inconnue : choisissez une adresse proposée."}
          </Text>
        </Stack>
      </Box>

      {/* The groups' ids are where the summary of errors leads (a fieldset takes none). */}
      <Box id={sheetFieldId("types")}>
        <ServiceTypeChoices
          legend={creating ? "Types de service (au moins un)" : "Types de service"}
          options={types}
          value={values.types}
          onChange={(selected: ServiceType[]) => {
            onChange("types", selected);
            onBlur("types");
          }}
          error={errors.types}
        />
      </Box>

      <Box id={sheetFieldId("ages")}>
        <CheckboxGroup
          legend={creating ? "Tranches d'âge (au moins une)" : "Tranches d'âge"}
          options={ages}
          value={values.ages}
          onChange={(selected) => {
            onChange("ages", selected);
            onBlur("ages");
          }}
          error={errors.ages}
          columns={2}
        />
      </Box>

      {otherEpcis.length > 0 && (
        <CheckboxGroup
          legend="Autres territoires desservis (intercommunalités)"
          options={otherEpcis.map((epci) => ({ value: epci, label: epci }))}
          value={values.coveredLocations.filter((epci) => epci !== values.epci)}
          onChange={(selected) => onChange("coveredLocations", selected)}
          error={errors.coveredLocations}
          columns={2}
        />
      )}

      {isChildCare(values.types) && (
        <AvailabilityFields
          id={sheetFieldId("availability")}
          values={values.availability.groups}
          error={errors.availability}
          onChange={(groups) => onChange("availability", { groups, changed: true })}
        />
      )}

      <HoursEditor
        id={sheetFieldId("openingHours")}
        value={values.hours}
        onChange={(hours) => onChange("hours", hours)}
        error={errors.openingHours}
        onBlur={() => onBlur("openingHours")}
      />

      <Box>
        <Text id={descriptionLabelId} fontWeight="medium" fontSize="sm" mb="1.5">
          Description
        </Text>
        <Text id={descriptionHelpId} fontSize="sm" color="gray.700" mb="2">
          Présentation du service pour les familles : conditions d'accueil, tarifs… (facultatif)
        </Text>
        <LazyPart
          fallback={<Skeleton height="16rem" borderRadius="md" role="status" aria-label="Chargement de l'éditeur" />}
        >
          <SheetDescriptionEditor
            label="Description du service"
            initialDocument={values.description}
            onChange={(document) => onChange("description", document)}
            invalid={Boolean(errors.description)}
            describedBy={errors.description ? `${descriptionErrorId} ${descriptionHelpId}` : descriptionHelpId}
          />
        </LazyPart>
        {errors.description && (
          <Text id={descriptionErrorId} color="red.700" fontSize="sm" mt="1">
            {errors.description}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
