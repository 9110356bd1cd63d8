import { Box, Button, Checkbox, Heading, Input, Link, Stack, Textarea } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { Link as RouterDomLink, useNavigate } from "react-router-dom";
import { useSendContactMessageMutation } from "../generated/accounts";
import { errorMessage } from "../ui/errors";
import { FormField } from "../ui/FormField";
import { notify } from "../ui/toaster";
import { usePageTitle } from "../ui/usePageTitle";
import {
  characterCount,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_TOO_LONG,
  CONTACT_OBJECT_MAX,
  REQUIRED,
} from "../form-rules";
import "../ui/more-recipes";
import { useFocusOnError } from "../ui/useFocusOnError";
import { useEditMark, usePageLeaveGuard } from "../ui/unsaved-changes";

const CONSENT_ERROR_ID = "contact-consentement-erreur";

export default function ContactPage() {
  usePageTitle("Nous contacter");
  const navigate = useNavigate();
  const [object, setObject] = useState("");
  const [message, setMessage] = useState("");
  const [consent, setConsent] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [send, { loading }] = useSendContactMessageMutation();
  const { container, focusFirstError } = useFocusOnError();
  // A message being written: a link away, a reload or closing the tab asks first.
  const edits = useEditMark();
  const leaveGuard = usePageLeaveGuard(edits.edited && !loading);

  const messageProblem = !message.trim()
    ? REQUIRED.message
    : message.trim().length > CONTACT_MESSAGE_MAX
      ? CONTACT_MESSAGE_TOO_LONG
      : null;
  const errors = {
    object: submitted && !object.trim() ? REQUIRED.object : null,
    message: submitted ? messageProblem : null,
    consent: submitted && !consent ? "Vous devez accepter l'utilisation de vos données pour envoyer ce message." : null,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!object.trim() || messageProblem) return focusFirstError();
    if (!consent) {
      // Announced by the inline alert under the box, where the focus goes.
      notify.error("Vous devez accepter l'utilisation de vos données pour envoyer ce message.", { announced: false });
      return focusFirstError();
    }
    try {
      await send({ variables: { input: { object: object.trim(), message: message.trim() } } });
      notify.info("Message envoyé");
      navigate("/");
    } catch (failure) {
      // The server says why when it refused (too many messages this hour, no contact address).
      notify.error(errorMessage(failure, "Échec de l'envoi du message"));
    }
  };

  return (
    <Box ref={edits.ref} maxW="2xl" mx="auto" bg="white" p={{ base: "4", md: "8" }} borderRadius="lg" borderWidth="1px">
      <Heading as="h1" size="2xl" mb="6">
        Nous Contacter
      </Heading>
      <form onSubmit={submit} noValidate ref={container}>
        <Stack gap="4">
          <FormField label="Objet" required error={errors.object}>
            <Input value={object} maxLength={CONTACT_OBJECT_MAX} onChange={(e) => setObject(e.target.value)} />
          </FormField>
          <FormField
            label="Message"
            required
            error={errors.message}
            helper={characterCount(message.trim().length, CONTACT_MESSAGE_MAX)}
          >
            <Textarea
              rows={8}
              value={message}
              maxLength={CONTACT_MESSAGE_MAX * 2}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
          <Checkbox.Root
            checked={consent}
            invalid={Boolean(errors.consent)}
            onCheckedChange={(e) => setConsent(e.checked === true)}
          >
            <Checkbox.HiddenInput
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? CONSENT_ERROR_ID : undefined}
            />
            <Checkbox.Control />
            <Checkbox.Label>
              J'accepte que mes nom, prénom et adresse e-mail soient transmis avec ce message pour y répondre.
            </Checkbox.Label>
          </Checkbox.Root>
          {/* Outside the label: a tap on the label's text never leaves the form. */}
          <Box fontSize="sm">
            <Link asChild color="brand.700" textDecoration="underline">
              <RouterDomLink to="/mentions-legales">Voir les mentions légales (protection des données)</RouterDomLink>
            </Link>
          </Box>
          {errors.consent && (
            <Box id={CONSENT_ERROR_ID} color="red.700" fontSize="sm" role="alert">
              {errors.consent}
            </Box>
          )}
          <Button type="submit" colorPalette="brand" disabled={loading} loading={loading} loadingText="Envoi…">
            Envoyer
          </Button>
        </Stack>
      </form>
      {leaveGuard}
    </Box>
  );
}
