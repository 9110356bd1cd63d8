import { type FormEvent, useId, useMemo, useState } from "react";
import { useReferenceDataQuery, useTownGroupsQuery } from "../../generated/reference";
import {
  type ServiceFullFragment,
  useCreateServiceMutation,
  useUpdateServiceMutation,
} from "../../generated/service-sheets";
import { errorMessage } from "../../ui/errors";
import { FormDialog } from "../../ui/FormDialog";
import { PageLoader } from "../../ui/PageLoader";
import { notify } from "../../ui/toaster";
import {
  buildServiceInput,
  emptyServiceValues,
  flattenTowns,
  hasErrors,
  missingForCreation,
  missingHint,
  pickAddress,
  selectTown,
  SERVICE_FORM_FIELDS,
  serviceFieldId,
  serviceFieldOf,
  type ServiceFormField,
  type ServiceFormValues,
  serviceValuesFromService,
  type TownOption,
  typeAddress,
  validateServiceForm,
} from "./service-form";
import { ownerName } from "./service-display";
import { ServiceFormFields } from "./ServiceFormFields";
import { useFocusOnError } from "../../ui/useFocusOnError";
import { useFormFeedback } from "../../ui/useFormFeedback";

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
    <FormDialog
      title={props.mode === "create" ? "Nouveau service" : "Modification du service"}
      subtitle={owner && `Propriétaire : ${ownerName(owner)}`}
      size="xl"
      busy={busy}
      onClose={onClose}
    >
      {ready ? (
        <ServiceForm
          {...props}
          towns={flattenTowns(towns.data?.townGroups)}
          epcis={towns.data?.townGroups.map((group) => group.epci) ?? []}
          reference={reference.data!.referenceData}
          busy={busy}
          setBusy={setBusy}
        />
      ) : (
        <FormDialog.Body>
          {towns.error || reference.error ? (
            <FormDialog.Problems message={errorMessage(towns.error ?? reference.error)} />
          ) : (
            <PageLoader />
          )}
        </FormDialog.Body>
      )}
    </FormDialog>
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
  const [createService] = useCreateServiceMutation({
    refetchQueries: SERVICE_QUERIES,
    // Search lists not on screen are fetched again when next shown.
    update: (cache) => void cache.evict({ fieldName: "services" }),
  });
  const [updateService] = useUpdateServiceMutation({ refetchQueries: SERVICE_QUERIES });

  const [values, setValues] = useState<ServiceFormValues>(() =>
    props.mode === "edit" ? serviceValuesFromService(props.service, towns) : emptyServiceValues(),
  );
  const errors = useMemo(() => validateServiceForm(values, mode), [values, mode]);
  const feedback = useFormFeedback<ServiceFormField>(errors);
  const missing = useMemo(() => (mode === "create" ? missingForCreation(values) : []), [values, mode]);
  // « Créer » pressed before the sheet is complete: the summary of what is missing takes the focus
  // (once rendered). A value refused, here or by the server: the first field in error, as in
  // every form of the portal.
  const { container: formRef, focusFirstError, focusErrorSummary } = useFocusOnError();

  /** A change clears the server's message for the fields it affects. */
  const update = (next: ServiceFormValues, ...fields: ServiceFormField[]) => {
    setValues(next);
    feedback.clear(...fields);
  };
  const change = <F extends keyof ServiceFormValues>(field: F, value: ServiceFormValues[F]) =>
    update({ ...values, [field]: value }, field as ServiceFormField);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    feedback.submitting();
    if (busy) return;
    if (missing.length > 0) return focusErrorSummary();
    if (hasErrors(errors)) return focusFirstError();
    setBusy(true);
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
      feedback.refused(error, serviceFieldOf);
      setBusy(false);
      focusFirstError();
    }
  };

  return (
    <>
      <FormDialog.Body>
        <form id={formId} ref={formRef} onSubmit={save} noValidate>
          <FormDialog.Problems
            summary={
              feedback.submitted
                ? SERVICE_FORM_FIELDS.filter((field) => feedback.errors[field]).map((field) => ({
                    fieldId: serviceFieldId(field),
                    message: feedback.errors[field]!,
                  }))
                : null
            }
            message={feedback.serverMessage}
          />
          <ServiceFormFields
            mode={mode}
            values={values}
            errors={feedback.errors}
            types={reference.serviceTypes}
            ages={reference.ages}
            epcis={epcis}
            onChange={change}
            onTown={(inseeCode) => update(selectTown(values, inseeCode, towns), "townCode", "zip", "fullAddress")}
            onAddressTyped={(text) => update(typeAddress(values, text, towns), "fullAddress")}
            onAddressPicked={(suggestion) =>
              update(pickAddress(values, suggestion, towns), "fullAddress", "townCode", "zip")
            }
            onBlur={feedback.touch}
          />
        </form>
      </FormDialog.Body>
      <FormDialog.Footer
        formId={formId}
        submitLabel={mode === "create" ? "Créer" : "Mettre à jour"}
        busy={busy}
        hint={missingHint(missing)}
      />
    </>
  );
}

export default ServiceFormDialog;
