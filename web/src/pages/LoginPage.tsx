import { Button, Checkbox, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { AuthCard, LOGIN_FAILED, SignInFields } from "../modules/auth/AuthCard";
import { useSession } from "../modules/auth/session";

import { RouterLink } from "../ui/RouterLink";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import "../ui/more-recipes";
import { useFocusOnError } from "../ui/useFocusOnError";

export default function LoginPage() {
  usePageTitle("Se connecter");
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { container, focusFirstError } = useFocusOnError();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailed(false);
    // The previous attempt's error goes: it would still show over the page a success leads to.
    notify.clearErrors();
    if (!email.trim() || !password) return focusFirstError();
    setBusy(true);
    try {
      await signIn({ email: email.trim(), password, remember });
      navigate("/");
    } catch {
      // Spec §8: the same message whatever the cause, as a toast; it also stays under the form,
      // where it is announced (once: the toast is not).
      notify.error(LOGIN_FAILED, { announced: false });
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Se Connecter" onSubmit={submit} formRef={container}>
      <SignInFields
        email={email}
        password={password}
        onEmail={setEmail}
        onPassword={setPassword}
        submitted={submitted}
        failed={failed}
      />
      <Checkbox.Root checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Rester connecté</Checkbox.Label>
      </Checkbox.Root>
      <Button type="submit" colorPalette="brand" loading={busy} loadingText="Connexion…">
        Connexion
      </Button>
      <Stack gap="1">
        <RouterLink to="/demande-changement-mot-de-passe" color="brand.700" textDecoration="underline">
          Mot de passe oublié ?
        </RouterLink>
        <RouterLink to="/nous-rejoindre" color="brand.700" textDecoration="underline">
          Devenir partenaire ?
        </RouterLink>
      </Stack>
      <Text fontSize="sm" color="gray.700">
        L'espace partenaire est réservé aux structures et professionnels dont la demande a été validée.
      </Text>
    </AuthCard>
  );
}
