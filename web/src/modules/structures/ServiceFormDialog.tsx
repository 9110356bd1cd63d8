import { Alert, Box, Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useReferenceDataQuery, useTownGroupsQuery } from "../../generated/reference";
import { type ServiceFullFragment, useCreateServiceMutation, useUpdateServiceMutation } from "../../generated/services";
import { BusyOverlay } from "../../ui/BusyOverlay";
import { errorMessage, fieldErrors } from "../../ui/errors";
import { PageLoader } from "../../ui/PageLoader";
import { notify } from "../../ui/toaster";
import { keepOpenForExpandedCombobox } from "../geo/AddressField";
import {
  buildServiceInput,
  canCreateService,
  emptyServiceValues,
  flattenTowns,
  hasErrors,
  missingForCreation,
  missingHint,
  pickAddress,
  selectTown,
  serverFieldErrors,
  SERVICE_FORM_FIELDS,
  serviceFieldId,
  type ServiceFormErrors,
  type ServiceFormField,
  type ServiceFormValues,
  serviceValuesFromService,
  type TownOption,
  typeAddress,
  validateServiceForm,
} from "./service-form";
import { ownerName } from "./service-display";
import { ServiceFormFields } from "./ServiceFormFields";
import "../../ui/more-recipes";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { useFocusOnError } from "../../ui/useFocusOnError";

/** Every list or sheet a saved service may appear in. */
export const SERVICE_QUERIES = ["ServicesOfOwner", "ServiceSearch", "ServiceDetail"];

interface Owner {
  id: string;
  name: string;
  surname: string;
}

export type ServiceFormDialogProps =
  | { mode: "create"; owner: Owner; onClose: () => void }
  | { mode: "edit"; service: ServiceFullFragment; onClose: () => void };

/**
 * "Nouveau service" (for an owner) or "Modification du service". Mounted open by
 * its page, one instance per opening, so each opening starts from the sheet (or a
 * blank form).
 */
export function ServiceFormDialog(props: ServiceFormDialogProps) {
  const { onClose } = props;
  const [busy, setBusy] = useState(false);
  const towns = useTownGroupsQuery();
  const reference = useReferenceDataQuery();
  const ready = Boolean(towns.data && reference.data);
  const owner = props.mode === "create" ? props.owner : props.service.owner;

  return (
    <Dialog.Root
      open
      onOpenChange={(event) => !event.open && !busy && onClose()}
      onEscapeKeyDown={keepOpenForExpandedCombobox}
      closeOnEscape={!busy}
      closeOnInteractOutside={false}
      size={{ base: "full", md: "xl" }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content position="relative" aria-busy={busy}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>{props.mode === "create" ? "Nouveau service" : "Modification du service"}</Dialog.Title>
              {owner && <Text color="gray.700">Propriétaire : {ownerName(owner)}</Text>}
            </Dialog.Header>
            {ready ? (
              <ServiceForm
                {...props}
                towns={flattenTowns(towns.data?.townGroups)}
                epcis={towns.data?.townGroups.map((group) => group.epci) ?? []}
                reference={reference.data!.referenceData}
                busy={busy}
                setBusy={setBusy}
              />
            ) : towns.error || reference.error ? (
              <Dialog.Body>
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title color="red.800">{errorMessage(towns.error ?? reference.error)}</Alert.Title>
                </Alert.Root>
              </Dialog.Body>
            ) : (
              <Dialog.Body>
                <PageLoader />
              </Dialog.Body>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer" disabled={busy} />
            </Dialog.CloseTrigger>
            <BusyOverlay busy={busy} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type ServiceFormProps = ServiceFormDialogProps & {
  towns: TownOption[];
  epcis: string[];
  reference: NonNullable<ReturnType<typeof useReferenceDataQuery>["data"]>["referenceData"];
  busy: boolean;
  setBusy: (busy: boolean) => void;
};

function ServiceForm(props: ServiceFormProps) {
  const { mode, towns, epcis, reference, busy, setBusy, onClose } = props;
  const formId = useId();
  const hintId = useId();
  const [createService] = useCreateServiceMutation({
    refetchQueries: SERVICE_QUERIES,
    // Search lists not on screen are fetched again when next shown.
    update: (cache) => void cache.evict({ fieldName: "services" }),
  });
  const [updateService] = useUpdateServiceMutation({ refetchQueries: SERVICE_QUERIES });

  const [values, setValues] = useState<ServiceFormValues>(() =>
    props.mode === "edit" ? serviceValuesFromService(props.service, towns) : emptyServiceValues(),
  );
  const [touched, setTouched] = useState<ReadonlySet<ServiceFormField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServiceFormErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  const errors = useMemo(() => validateServiceForm(values, mode), [values, mode]);
  const missing = useMemo(() => (mode === "create" ? missingForCreation(values) : []), [values, mode]);
  const hint = missingHint(missing);

  const shownErrors: ServiceFormErrors = {};
  for (const field of Object.keys({ ...errors, ...serverErrors }) as ServiceFormField[]) {
    const error = serverErrors[field] ?? (submitted || touched.has(field) ? errors[field] : undefined);
    if (error) shownErrors[field] = error;
  }

  /** A change clears the server's message for the fields it affects. */
  const update = (next: ServiceFormValues, ...fields: ServiceFormField[]) => {
    setValues(next);
    setServerErrors((current) => {
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      return rest;
    });
  };
  const change = <F extends keyof ServiceFormValues>(field: F, value: ServiceFormValues[F]) =>
    update({ ...values, [field]: value }, field as ServiceFormField);
  const blur = (field: ServiceFormField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  // After a refused submit, the first field in error takes the focus (once the errors are rendered).
  const { container: formRef, focusFirstError } = useFocusOnError();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || (mode === "create" && !canCreateService(values))) return;
    if (hasErrors(errors)) {
      focusFirstError();
      return;
    }
    setBusy(true);
    setServerErrors({});
    setServerMessage(null);
    try {
      const input = buildServiceInput(values);
      if (props.mode === "create") {
        await createService({ variables: { ownerId: props.owner.id, input } });
        notify.info("Service créé");
      } else {
        await updateService({ variables: { id: props.service.id, input } });
        notify.info("Modifications sauvegardées");
      }
      setBusy(false);
      onClose();
    } catch (error) {
      // The input stays as typed; each server message goes under its field.
      const known = serverFieldErrors(fieldErrors(error));
      setServerErrors(known);
      const message = errorMessage(error);
      setServerMessage(Object.values(known).includes(message) ? null : message);
      setBusy(false);
      focusFirstError();
    }
  };

  return (
    <>
      <Dialog.Body>
        <form id={formId} ref={formRef} onSubmit={save} noValidate>
          {submitted && (
            <Box mb="4">
              <ErrorSummary
                errors={SERVICE_FORM_FIELDS.filter((field) => shownErrors[field]).map((field) => ({
                  fieldId: serviceFieldId(field),
                  message: shownErrors[field]!,
                }))}
              />
            </Box>
          )}
          {serverMessage && (
            <Alert.Root status="error" mb="4" role="alert">
              <Alert.Indicator />
              <Alert.Title color="red.800">{serverMessage}</Alert.Title>
            </Alert.Root>
          )}
          <ServiceFormFields
            mode={mode}
            values={values}
            errors={shownErrors}
            types={reference.serviceTypes}
            ages={reference.ages}
            epcis={epcis}
            onChange={change}
            onTown={(inseeCode) => update(selectTown(values, inseeCode, towns), "townCode", "zip", "fullAddress")}
            onAddressTyped={(text) => update(typeAddress(values, text, towns), "fullAddress")}
            onAddressPicked={(suggestion) =>
              update(pickAddress(values, suggestion, towns), "fullAddress", "townCode", "zip")
            }
            onBlur={blur}
          />
        </form>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap" gap="3">
        {hint && (
          <Text id={hintId} fontSize="sm" color="gray.700" flexBasis="100%">
            {hint}
          </Text>
        )}
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Annuler
        </Button>
        <Button
          type="submit"
          form={formId}
          colorPalette="brand"
          disabled={busy || (mode === "create" && missing.length > 0)}
          aria-describedby={hint ? hintId : undefined}
        >
          {mode === "create" ? "Créer" : "Mettre à jour"}
        </Button>
      </Dialog.Footer>
    </>
  );
}

export default ServiceFormDialog;
