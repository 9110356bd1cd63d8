import { type FormEvent, useId, useMemo, useState } from "react";
import {
  type UserRowFragment,
  useAcceptUserMutation,
  useCreateUserMutation,
  useUpdateUserMutation,
} from "../../generated/users";
import { TOWN_TO_SPECIFY, townToSpecify } from "../../form-rules";
import { FormDialog } from "../../ui/FormDialog";
import { notify } from "../../ui/toaster";
import { useFocusOnError } from "../../ui/useFocusOnError";
import { useFormFeedback } from "../../ui/useFormFeedback";
import { useSession } from "../auth/session";
import {
  initialUserFormValues,
  networkChoices,
  USER_FORM_FIELDS,
  userFieldId,
  type UserFormField,
  type UserFormValues,
  validateUserForm,
} from "./user-form";
import { UserFormFields } from "./UserFormFields";
import { useUserReference } from "./useUserReference";

const REFETCH = { refetchQueries: ["Users"] };

interface UserFormDialogProps {
  /** The edited user; null to create one. */
  user: UserRowFragment | null;
  onClose: () => void;
}

/**
 * Creation or modification of an account. Mounted open by the page, one instance per opening,
 * so every opening starts from the user's record (or a blank form).
 */
export function UserFormDialog({ user, onClose }: UserFormDialogProps) {
  const formId = useId();
  const { user: admin } = useSession();
  const reference = useUserReference();
  const [createUser] = useCreateUserMutation(REFETCH);
  const [updateUser] = useUpdateUserMutation(REFETCH);
  const [acceptUser] = useAcceptUserMutation(REFETCH);

  const mode = user ? "edit" : "create";
  const validates = user?.viewerCan.accept ?? false;

  const [values, setValues] = useState<UserFormValues>(() => initialUserFormValues(user));
  const [busy, setBusy] = useState(false);
  const townBefore = user ? (user.townCode ?? "") : undefined;
  const { errors, input } = useMemo(() => validateUserForm(values, undefined, townBefore), [values, townBefore]);
  const feedback = useFormFeedback<UserFormField>(errors);
  const { container, focusFirstError } = useFocusOnError();

  const networks = useMemo(
    () => networkChoices(reference.networks, admin?.networks ?? [], mode, user?.networks),
    [reference.networks, admin?.networks, mode, user?.networks],
  );

  const change = <F extends UserFormField>(field: F, value: UserFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clear(field);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    feedback.submitting();
    if (!input) return focusFirstError();
    setBusy(true);
    try {
      if (!user) {
        await createUser({ variables: { input } });
        notify.info(`Utilisateur créé : un e-mail a été envoyé à ${input.email}`);
      } else {
        // A town chosen (or removed) is saved with the other fields, before the validation.
        await updateUser({ variables: { id: user.id, input } });
        if (validates) {
          // The form showed the default expiration: left blank, the account has none.
          const { data } = await acceptUser({ variables: { id: user.id, defaultExpiration: false } });
          // Without a town chosen, the server may still read one in the address.
          const later = data && townToSpecify(data.acceptUser) ? ` ; ${TOWN_TO_SPECIFY.toLowerCase()}` : "";
          notify.info(`Demande validée : un e-mail a été envoyé à ${input.email}${later}`);
        } else notify.info("Modifications sauvegardées");
      }
      onClose();
    } catch (error) {
      feedback.refused(error, (field) => (Object.hasOwn(values, field) ? (field as UserFormField) : undefined));
      setBusy(false);
      focusFirstError();
    }
  };

  return (
    <FormDialog
      title={user ? "Modification d'un utilisateur" : "Création d'un utilisateur"}
      busy={busy}
      onClose={onClose}
    >
      <FormDialog.Body>
        <form id={formId} ref={container} onSubmit={save} noValidate>
          <FormDialog.Problems
            summary={
              feedback.submitted
                ? USER_FORM_FIELDS.filter((field) => feedback.errors[field]).map((field) => ({
                    fieldId: userFieldId(field),
                    message: feedback.errors[field]!,
                  }))
                : null
            }
            message={feedback.serverMessage}
          />
          <UserFormFields
            values={values}
            errors={feedback.errors}
            roles={reference.roles}
            networks={networks}
            user={user}
            validating={validates}
            onChange={change}
            onBlur={feedback.touch}
          />
        </form>
      </FormDialog.Body>
      <FormDialog.Footer
        formId={formId}
        submitLabel={!user ? "Créer" : validates ? "Valider" : "Éditer"}
        busy={busy}
        disabled={!input}
      />
    </FormDialog>
  );
}
