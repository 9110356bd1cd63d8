import { Button, Input } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useRequestPasswordResetMutation } from "../generated/accounts";
import { AuthCard } from "../modules/auth/AuthCard";
import { errorCode, errorMessage } from "../ui/errors";
import { FormField } from "../ui/FormField";
import { InfoDialog } from "../ui/InfoDialog";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import { EMAIL_NOT_FOUND_MESSAGE, INVALID_EMAIL_MESSAGE, isEmailAddress, RESET_SENT_MESSAGE } from "../form-rules";
import { useFocusOnError } from "../ui/useFocusOnError";

const SENT = RESET_SENT_MESSAGE;
const NOT_FOUND = EMAIL_NOT_FOUND_MESSAGE;

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
    if (!isEmailAddress(email.trim())) {
      setError(INVALID_EMAIL_MESSAGE);
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
    <AuthCard
      title="Mot de passe oublié"
      intro="Indiquez l'adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe."
      onSubmit={submit}
      formRef={container}
      after={<InfoDialog open={sent} title="E-mail envoyé" message={SENT} onClose={() => navigate("/")} />}
    >
      <FormField label="Adresse e-mail" required error={error}>
        <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <Button type="submit" colorPalette="brand" loading={loading} loadingText="Envoi…">
        Envoyer le lien
      </Button>
    </AuthCard>
  );
}
