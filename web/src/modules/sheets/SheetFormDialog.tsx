import { type FormEvent, useId, useMemo, useState } from "react";
import { useReferenceDataQuery, useTownGroupsQuery } from "../../generated/reference";
import {
  type ServiceFullFragment,
  useCreateServiceMutation,
  useUpdateServiceMutation,
} from "../../generated/sheet-editing";
import { errorMessage } from "../../ui/errors";
import { FormDialog } from "../../ui/FormDialog";
import { PageLoader } from "../../ui/PageLoader";
import { notify } from "../../ui/toaster";
import {
  buildSheetInput,
  emptySheetValues,
  flattenTowns,
  hasErrors,
  missingForCreation,
  missingHint,
  pickAddress,
  selectTown,
  SHEET_FORM_FIELDS,
  sheetFieldId,
  sheetFieldOf,
  type SheetFormField,
  type SheetFormValues,
  sheetValuesFromSheet,
  type TownOption,
  typeAddress,
  validateSheetForm,
} from "./sheet-form";
import { ownerName } from "./sheet-display";
import { SheetFormFields } from "./SheetFormFields";
import { useFocusOnError } from "../../ui/useFocusOnError";
import { useFormFeedback } from "../../ui/useFormFeedback";

/** Every list or sheet a saved service may appear in. */
export const SHEET_QUERIES = ["ServicesOfOwner", "ServiceSearch", "ServiceDetail"];

interface Owner {
  id: string;
  name: string;
  surname: string;
}

export type SheetFormDialogProps =
  | { mode: "create"; owner: Owner; onClose: () => void }
  | { mode: "edit"; service: ServiceFullFragment; onClose: () => void };

/**
 * "Nouveau service" (for an owner) or "Modification du service". Mounted open by
 * its page, one instance per opening, so each opening starts from the sheet (or a
 * blank form).
 */
export function SheetFormDialog(props: SheetFormDialogProps) {
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
        <SheetForm
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

type SheetFormProps = SheetFormDialogProps & {
  towns: TownOption[];
  epcis: string[];
  reference: NonNullable<ReturnType<typeof useReferenceDataQuery>["data"]>["referenceData"];
  busy: boolean;
  setBusy: (busy: boolean) => void;
};

function SheetForm(props: SheetFormProps) {
  const { mode, towns, epcis, reference, busy, setBusy, onClose } = props;
  const formId = useId();
  const [createService] = useCreateServiceMutation({
    refetchQueries: SHEET_QUERIES,
    // Search lists not on screen are fetched again when next shown.
    update: (cache) => void cache.evict({ fieldName: "services" }),
  });
  const [updateService] = useUpdateServiceMutation({ refetchQueries: SHEET_QUERIES });

  const [values, setValues] = useState<SheetFormValues>(() =>
    props.mode === "edit" ? sheetValuesFromSheet(props.service, towns) : emptySheetValues(),
  );
  const errors = useMemo(() => validateSheetForm(values, mode), [values, mode]);
  const feedback = useFormFeedback<SheetFormField>(errors);
  const missing = useMemo(() => (mode === "create" ? missingForCreation(values) : []), [values, mode]);
  // « Créer » pressed before the sheet is complete: the summary of what is missing takes the focus
  // (once rendered). A value refused, here or by the server: the first field in error, as in
  // every form of the portal.
  const { container: formRef, focusFirstError, focusErrorSummary } = useFocusOnError();

  /** A change clears the server's message for the fields it affects. */
  const update = (next: SheetFormValues, ...fields: SheetFormField[]) => {
    setValues(next);
    feedback.clear(...fields);
  };
  const change = <F extends keyof SheetFormValues>(field: F, value: SheetFormValues[F]) =>
    update({ ...values, [field]: value }, field as SheetFormField);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    feedback.submitting();
    if (busy) return;
    if (missing.length > 0) return focusErrorSummary();
    if (hasErrors(errors)) return focusFirstError();
    setBusy(true);
    try {
      const input = buildSheetInput(values);
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
      feedback.refused(error, sheetFieldOf);
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
                ? SHEET_FORM_FIELDS.filter((field) => feedback.errors[field]).map((field) => ({
                    fieldId: sheetFieldId(field),
                    message: feedback.errors[field]!,
                  }))
                : null
            }
            message={feedback.serverMessage}
          />
          <SheetFormFields
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

export default SheetFormDialog;
