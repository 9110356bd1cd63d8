import { useApolloClient } from "@apollo/client/react";
import { Button, Checkbox, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { CurrentUserDocument, type SessionUserFragment, useLoginMutation } from "../../generated/accounts";
import { notify } from "../../ui/toaster";
import "../../ui/more-recipes";
import { SignInFields } from "./AuthCard";
import { rememberedHere, storeUser } from "./session";

export const SESSION_EXPIRED_TITLE = "Votre session a expiré";

/**
 * Asks to sign in again when the session ran out on an open page: the page stays behind the
 * dialog, with what was typed; once signed in, the action can be done again. Declined, the
 * page goes on signed out (a partners' page then leads home, as for any visitor).
 */
export default function SessionExpiredDialog({
  user: lostUser,
  onSettled,
}: {
  /** Whose session ran out. */
  user: SessionUserFragment;
  /** Signed in again, or declined: the page goes on as the session now says. */
  onSettled: () => void;
}) {
  const client = useApolloClient();
  const [login] = useLoginMutation();
  const [email, setEmail] = useState(lostUser.email);
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // As chosen at the last sign-in on this device: a partner who stays signed in still does.
  const [remember, setRemember] = useState(rememberedHere);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The refused action's own notice (« Vous devez être connecté… ») would cover the dialog,
  // which says it better; so would a later one of the same moment.
  useEffect(() => {
    notify.clearErrors();
    const late = setTimeout(() => notify.clearErrors(), 500);
    return () => clearTimeout(late);
  }, []);

  const decline = () => {
    client.writeQuery({ query: CurrentUserDocument, data: { currentUser: null } });
    onSettled();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailed(false);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      const result = await login({ variables: { input: { email: email.trim(), password, remember } } });
      const user = result.data!.login;
      storeUser(user, remember);
      client.writeQuery({ query: CurrentUserDocument, data: { currentUser: user } });
      onSettled();
      // Another account sees other things: every query of the page is asked again.
      if (user.id !== lostUser.id) await client.resetStore().catch(() => undefined);
    } catch {
      setFailed(true);
      setBusy(false);
      passwordRef.current?.focus();
    }
  };

  return (
    <Dialog.Root
      open
      role="alertdialog"
      initialFocusEl={() => passwordRef.current}
      onOpenChange={(event) => !event.open && !busy && decline()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{SESSION_EXPIRED_TITLE}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description asChild>
                    <Text>
                      Reconnectez-vous pour continuer : ce que vous avez saisi sur cette page est conservé, et vous
                      pourrez refaire l'action qui a échoué.
                    </Text>
                  </Dialog.Description>
                  <SignInFields
                    email={email}
                    password={password}
                    onEmail={setEmail}
                    onPassword={setPassword}
                    submitted={submitted}
                    failed={failed}
                    passwordRef={passwordRef}
                  />
                  <Checkbox.Root checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Rester connecté</Checkbox.Label>
                  </Checkbox.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap">
                <Button variant="outline" onClick={decline} disabled={busy}>
                  Quitter sans enregistrer
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} loadingText="Connexion…">
                  Se reconnecter
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
