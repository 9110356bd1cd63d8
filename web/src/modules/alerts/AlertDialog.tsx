import { Box, Button, Dialog, Input, Link as ChakraLink, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { type AlertRhythm, useAlertLabelQuery, useSubscribeAlertMutation } from "../../generated/alerts";
import { ALERT_PRIVACY_NOTE, ALERT_RHYTHM_LABELS, MAX_EMAIL_LENGTH } from "../../form-rules";
import { FormDialog } from "../../ui/FormDialog";
import { FormField } from "../../ui/FormField";
import { useFocusOnError } from "../../ui/useFocusOnError";
import { useFormFeedback } from "../../ui/useFormFeedback";
import type { ListMode, ListState } from "../filters/url-state";
import { type AlertDraft, alertErrors, EMPTY_ALERT, placeLabelOf } from "./alert-form";
import { type AlertSearch, alertListOf } from "./alert-search";
import "../../ui/more-recipes";

const RHYTHMS: AlertRhythm[] = ["DAILY", "WEEKLY"];

interface AlertDialogProps {
  mode: ListMode;
  state: ListState;
  search: AlertSearch;
  onClose: () => void;
}

/**
 * « Me prévenir »: what will be followed, the address, the rhythm and what is kept. The server
 * sends a confirmation e-mail (double opt-in) and always gives the same answer, shown in place of
 * the form with the focus on it. A refusal keeps what was typed.
 */
export default function AlertDialog({ mode, state, search, onClose }: AlertDialogProps) {
  const formId = useId();
  const [draft, setDraft] = useState<AlertDraft>(EMPTY_ALERT);
  const [sent, setSent] = useState<string | null>(null);
  const [subscribe, { loading }] = useSubscribeAlertMutation();
  const feedback = useFormFeedback(alertErrors(draft));
  const { container, focusFirstError } = useFocusOnError();
  const answer = useRef<HTMLParagraphElement>(null);
  const list = alertListOf(mode, state);
  const searched = search.services ? { services: search.services } : { media: search.media };
  // The search in the words of its e-mails, from the server that writes them.
  const label = useAlertLabelQuery({ variables: { list, placeLabel: placeLabelOf(state), ...searched } });

  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    feedback.submitting();
    if (Object.keys(alertErrors(draft)).length > 0) return focusFirstError();
    try {
      const { data } = await subscribe({
        variables: {
          input: {
            list,
            email: draft.email.trim(),
            rhythm: draft.rhythm,
            placeLabel: placeLabelOf(state),
            ...searched,
          },
        },
      });
      if (data) setSent(data.subscribeAlert.message);
    } catch (error) {
      feedback.refused(error, (field) => (field === "email" ? "email" : undefined));
      focusFirstError();
    }
  };

  return (
    <FormDialog
      title="Me prévenir"
      busy={loading ? "Envoi de la demande…" : null}
      onClose={onClose}
      saved={sent !== null}
    >
      {sent ? (
        <>
          <FormDialog.Body>
            <Text ref={answer} tabIndex={-1} role="status" fontWeight="semibold" color="green.800" outline="none">
              {sent}
            </Text>
          </FormDialog.Body>
          <Dialog.Footer>
            <Button colorPalette="brand" onClick={onClose}>
              Fermer
            </Button>
          </Dialog.Footer>
        </>
      ) : (
        <>
          <FormDialog.Body>
            <FormDialog.Problems message={feedback.serverMessage} />
            <form id={formId} onSubmit={submit} noValidate ref={container}>
              <Stack gap="4">
                <Text>
                  Vous serez prévenu·e des nouveautés de :{" "}
                  <Text as="strong" fontWeight="semibold">
                    {label.data?.alertLabel ?? (label.loading ? "…" : "cette recherche")}
                  </Text>
                </Text>
                <FormField label="Votre adresse e-mail" required error={feedback.errors.email ?? null}>
                  <Input
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    value={draft.email}
                    maxLength={MAX_EMAIL_LENGTH}
                    onBlur={() => feedback.touch("email")}
                    onChange={(event) => {
                      setDraft((current) => ({ ...current, email: event.target.value }));
                      feedback.clear("email");
                    }}
                  />
                </FormField>
                <RadioGroup.Root
                  colorPalette="brand"
                  value={draft.rhythm}
                  onValueChange={(event) =>
                    setDraft((current) => ({ ...current, rhythm: event.value === "WEEKLY" ? "WEEKLY" : "DAILY" }))
                  }
                >
                  <RadioGroup.Label fontWeight="medium">À quel rythme ?</RadioGroup.Label>
                  <Stack gap="2" mt="2">
                    {RHYTHMS.map((rhythm) => (
                      <RadioGroup.Item key={rhythm} value={rhythm}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{ALERT_RHYTHM_LABELS[rhythm]}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
                <Text fontSize="sm" color="gray.700">
                  {ALERT_PRIVACY_NOTE} Aucun compte n'est créé. En savoir plus :{" "}
                  <ChakraLink asChild color="brand.700" textDecoration="underline">
                    <Link to="/mentions-legales" target="_blank">
                      mentions légales
                      <Box as="span" srOnly>
                        {" "}
                        (nouvel onglet)
                      </Box>
                    </Link>
                  </ChakraLink>
                  .
                </Text>
              </Stack>
            </form>
          </FormDialog.Body>
          <FormDialog.Footer formId={formId} submitLabel="Me prévenir" busy={loading} />
        </>
      )}
    </FormDialog>
  );
}
