import { Alert, Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { type FormEvent, useId, useMemo, useState } from "react";
import {
  type UserRowFragment,
  useAcceptUserMutation,
  useCreateUserMutation,
  useUpdateUserMutation,
} from "../../generated/users";
import { BusyOverlay } from "../../ui/BusyOverlay";
import { errorMessage, fieldErrors } from "../../ui/errors";
import { notify } from "../../ui/toaster";
import { useSession } from "../auth/session";
import {
  initialUserFormValues,
  networkChoices,
  type UserFormErrors,
  type UserFormField,
  type UserFormValues,
  validateUserForm,
} from "./user-form";
import { UserFormFields } from "./UserFormFields";
import { useUserReference } from "./useUserReference";
import "../../ui/more-recipes";

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

  const [values, setValues] = useState<UserFormValues>(() => initialUserFormValues(user));
  const [touched, setTouched] = useState<ReadonlySet<UserFormField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<UserFormErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const { errors, input } = useMemo(() => validateUserForm(values), [values]);
  const mode = user ? "edit" : "create";
  const validates = user?.status === "LOCAL";
  const networks = useMemo(
    () => networkChoices(reference.networks, admin?.networks ?? [], mode, user?.networks),
    [reference.networks, admin?.networks, mode, user?.networks],
  );

  const shownErrors: UserFormErrors = {};
  for (const field of Object.keys(values) as UserFormField[]) {
    const error = serverErrors[field] ?? (submitted || touched.has(field) ? errors[field] : undefined);
    if (error) shownErrors[field] = error;
  }

  const change = <F extends UserFormField>(field: F, value: UserFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _fixed, ...others }) => others);
  };
  const blur = (field: UserFormField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!input || busy) return;
    setBusy(true);
    setServerErrors({});
    setServerMessage(null);
    try {
      if (!user) {
        await createUser({ variables: { input } });
        notify.info(`Utilisateur créé : un e-mail a été envoyé à ${input.email}`);
      } else {
        await updateUser({ variables: { id: user.id, input } });
        notify.info("Modifications sauvegardées");
        if (validates) {
          await acceptUser({ variables: { id: user.id } });
          notify.info(`Demande validée : un e-mail a été envoyé à ${input.email}`);
        }
      }
      onClose();
    } catch (error) {
      const known = Object.entries(fieldErrors(error)).filter(([field]) => field in values);
      setServerErrors(Object.fromEntries(known));
      // A message already shown under its field is not repeated above the form.
      const message = errorMessage(error);
      setServerMessage(known.some(([, text]) => text === message) ? null : message);
      setBusy(false);
    }
  };

  const submitLabel = !user ? "Créer" : validates ? "Valider" : "Éditer";
  return (
    <Dialog.Root
      open
      onOpenChange={(event) => !event.open && !busy && onClose()}
      closeOnInteractOutside={false}
      size={{ base: "full", md: "lg" }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content position="relative" aria-busy={busy}>
            <Dialog.Header>
              <Dialog.Title>{user ? "Modification d'un utilisateur" : "Création d'un utilisateur"}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={save} noValidate>
                {serverMessage && (
                  <Alert.Root status="error" mb="4" role="alert">
                    <Alert.Indicator />
                    <Alert.Title color="red.800">{serverMessage}</Alert.Title>
                  </Alert.Root>
                )}
                <UserFormFields
                  values={values}
                  errors={shownErrors}
                  roles={reference.roles}
                  networks={networks}
                  user={user}
                  onChange={change}
                  onBlur={blur}
                />
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Annuler
              </Button>
              <Button type="submit" form={formId} colorPalette="brand" disabled={!input || busy}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
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
