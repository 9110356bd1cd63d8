import { Box, Button, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useRequestPasswordResetMutation } from "../generated/accounts";
import { errorCode, errorMessage } from "../ui/errors";
import { FormField } from "../ui/FormField";
import { InfoDialog } from "../ui/InfoDialog";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import { LiveFieldset } from "../ui/LiveFieldset";
import { useFocusOnError } from "../ui/useFocusOnError";

const SENT = "Un email vous a été envoyé pour réinitialiser votre mot de passe";
const NOT_FOUND = "Adresse email introuvable";

export default function ForgotPasswordPage() {
  usePageTitle("Mot de passe oublié");
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [requestReset, { loading }] = useRequestPasswordResetMutation();
  const { container, focusFirstError } = useFocusOnError();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError("Saisissez une adresse e-mail valide.");
      return focusFirstError();
    }
    setError(null);
    try {
      await requestReset({ variables: { email: email.trim() } });
      setSent(true);
    } catch (failure) {
      const code = errorCode(failure);
      notify.error(code === "TOO_MANY_REQUESTS" || code === "BAD_USER_INPUT" ? errorMessage(failure) : NOT_FOUND);
    }
  };

  return (
    <Box maxW="md" mx="auto" bg="white" p="8" borderRadius="lg" borderWidth="1px">
      <Heading as="h1" size="2xl" mb="4">
        Mot de passe oublié
      </Heading>
      <Text mb="6" color="gray.700">
        Indiquez l'adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.
      </Text>
      <form onSubmit={submit} noValidate ref={container}>
        <LiveFieldset>
          <Stack gap="4">
            <FormField label="Adresse e-mail" required error={error}>
              <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </FormField>
            <Button type="submit" colorPalette="brand" loading={loading} loadingText="Envoi…">
              Envoyer le lien
            </Button>
          </Stack>
        </LiveFieldset>
      </form>
      <InfoDialog open={sent} title="E-mail envoyé" message={SENT} onClose={() => navigate("/")} />
    </Box>
  );
}
