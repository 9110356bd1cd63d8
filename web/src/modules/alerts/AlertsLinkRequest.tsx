import { Alert, Button, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSendAlertsLinkMutation } from "../../generated/alerts";
import { INVALID_EMAIL_MESSAGE, isEmailAddress, MAX_EMAIL_LENGTH, REQUIRED } from "../../form-rules";
import { FormField } from "../../ui/FormField";
import { useFocusOnError } from "../../ui/useFocusOnError";
import { useFormFeedback } from "../../ui/useFormFeedback";
import "../../ui/more-recipes";

/** The address's own check, with the server's messages. */
const addressErrors = (email: string): Partial<Record<"email", string>> => {
  const address = email.trim();
  if (!address) return { email: REQUIRED.email };
  return isEmailAddress(address) ? {} : { email: INVALID_EMAIL_MESSAGE };
};

/**
 * « Recevoir le lien de mes alertes »: for a parent whose « Mes alertes » link is lost, cut or
 * expired. The server's one answer (the same whatever the address holds) replaces the form and
 * takes the focus; a refusal shows under the field or above the form.
 */
export function AlertsLinkRequest() {
  const headingId = useId();
  const [email, setEmail] = useState("");
  const [answer, setAnswer] = useState<string | null>(null);
  const [send, { loading }] = useSendAlertsLinkMutation();
  const feedback = useFormFeedback(addressErrors(email));
  const { container, focusFirstError } = useFocusOnError();
  const outcome = useRef<HTMLParagraphElement>(null);
  const problem = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (answer) outcome.current?.focus();
  }, [answer]);
  useEffect(() => {
    if (feedback.serverMessage) problem.current?.focus();
  }, [feedback.serverMessage]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    feedback.submitting();
    if (Object.keys(addressErrors(email)).length > 0) return focusFirstError();
    try {
      const { data } = await send({ variables: { email: email.trim() } });
      if (data) setAnswer(data.sendAlertsLink.message);
    } catch (error) {
      feedback.refused(error, (field) => (field === "email" ? "email" : undefined));
      focusFirstError();
    }
  };

  return (
    <Stack as="section" gap="3" aria-labelledby={headingId} borderTopWidth="1px" pt="4">
      <Heading as="h2" size="md" id={headingId}>
        Recevoir le lien de mes alertes
      </Heading>
      {answer ? (
        <Text ref={outcome} tabIndex={-1} role="status" fontWeight="semibold" color="green.800" outline="none">
          {answer}
        </Text>
      ) : (
        <>
          <Text>Indiquez l'adresse qui reçoit vos alertes : nous lui enverrons le lien « Mes alertes ».</Text>
          {feedback.serverMessage && (
            <Alert.Root status="error" role="alert" ref={problem} tabIndex={-1} outline="none">
              <Alert.Indicator />
              <Alert.Title color="red.800">{feedback.serverMessage}</Alert.Title>
            </Alert.Root>
          )}
          <form onSubmit={submit} noValidate ref={container} aria-labelledby={headingId}>
            <Stack gap="3" align="flex-start" maxW="md">
              <FormField label="Votre adresse e-mail" required error={feedback.errors.email ?? null}>
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  value={email}
                  maxLength={MAX_EMAIL_LENGTH}
                  onBlur={() => feedback.touch("email")}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    feedback.clear("email");
                  }}
                />
              </FormField>
              <Button type="submit" colorPalette="brand" loading={loading} loadingText="Envoi…">
                Recevoir le lien
              </Button>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
