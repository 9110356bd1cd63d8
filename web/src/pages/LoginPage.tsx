import { Box, Button, Checkbox, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { AuthCard } from "../modules/auth/AuthCard";
import { useSession } from "../modules/auth/session";
import { FormField } from "../ui/FormField";
import { RouterLink } from "../ui/RouterLink";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import { REQUIRED } from "../rules";
import "../ui/more-recipes";
import { useFocusOnError } from "../ui/useFocusOnError";

export const LOGIN_FAILED = "Mot de passe ou nom d'utilisateur incorrect";

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
      <FormField label="Adresse e-mail" required error={submitted && !email.trim() ? REQUIRED.email : null}>
        <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <FormField label="Mot de passe" required error={submitted && !password ? REQUIRED.password : null}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Checkbox.Root checked={remember} onCheckedChange={(e) => setRemember(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Rester connecté</Checkbox.Label>
      </Checkbox.Root>
      {failed && (
        <Box role="alert" color="red.800" bg="red.50" borderWidth="1px" borderColor="red.600" borderRadius="md" p="3">
          {LOGIN_FAILED}
        </Box>
      )}
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
