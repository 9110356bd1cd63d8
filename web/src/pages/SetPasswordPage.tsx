import { Button, Input, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { usePasswordLinkValidQuery, useStorePasswordMutation } from "../generated/accounts";
import { AuthCard, FormAlert } from "../modules/auth/AuthCard";
import {
  isStrongPassword,
  MAX_PASSWORD_LENGTH,
  PASSWORD_HINT,
  WEAK_PASSWORD_MESSAGE as WEAK_PASSWORD,
} from "../form-rules";
import { errorMessage } from "../ui/errors";

import { FormField } from "../ui/FormField";
import { RouterLink } from "../ui/RouterLink";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import { useFocusOnError } from "../ui/useFocusOnError";

export default function SetPasswordPage() {
  usePageTitle("Choisir un mot de passe");
  const { userId = "", token = "" } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [storePassword, { loading }] = useStorePasswordMutation();
  const { container, focusFirstError } = useFocusOnError();
  // A used or expired link says so at once (rendered by the server too), not after both passwords.
  const link = usePasswordLinkValidQuery({ variables: { userId, token }, fetchPolicy: "cache-first" });

  // Said before sending (the server refuses it too, as a notification only).
  const tooLong = password.length > MAX_PASSWORD_LENGTH;
  const weak = submitted && !tooLong && !isStrongPassword(password);
  const mismatch = submitted && !weak && !tooLong && confirmation !== password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (tooLong || !isStrongPassword(password) || confirmation !== password) return focusFirstError();
    try {
      await storePassword({ variables: { input: { userId, token, password } } });
      notify.info("Votre mot de passe est enregistré : vous pouvez vous connecter.");
      navigate("/connexion");
    } catch (failure) {
      notify.error(errorMessage(failure, WEAK_PASSWORD));
    }
  };

  if (link.data?.passwordLinkValid === false) {
    return (
      <AuthCard title="Choisir un mot de passe">
        <FormAlert>Ce lien n'est plus valide : il a déjà servi, ou date de plus de 24 heures.</FormAlert>
        <Text>Demandez un nouveau lien : il vous sera envoyé par e-mail.</Text>
        <RouterLink to="/demande-changement-mot-de-passe" color="brand.700" textDecoration="underline">
          Mot de passe oublié ? Recevoir un nouveau lien
        </RouterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choisir un mot de passe"
      intro="Saisissez deux fois le mot de passe de votre compte partenaire."
      onSubmit={submit}
      formRef={container}
    >
      <FormField
        label="Nouveau mot de passe"
        required
        error={
          submitted && tooLong
            ? `Le mot de passe est trop long : ${MAX_PASSWORD_LENGTH} caractères au plus.`
            : weak
              ? WEAK_PASSWORD
              : null
        }
        helper={PASSWORD_HINT}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <FormField
        label="Confirmation du mot de passe"
        required
        error={mismatch ? "Les deux mots de passe ne correspondent pas." : null}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </FormField>
      <Button type="submit" colorPalette="brand" loading={loading} loadingText="Enregistrement…">
        Enregistrer le mot de passe
      </Button>
    </AuthCard>
  );
}
