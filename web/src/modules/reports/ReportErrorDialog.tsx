import { Box, Button, Dialog, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type ReportItemType, useReportErrorMutation } from "../../generated/reports";
import { MAX_EMAIL_LENGTH, REPORT_MESSAGE_MAX } from "../../form-rules";
import { errorCode, saveProblems } from "../../ui/errors";
import { FormDialog } from "../../ui/FormDialog";
import { FormField } from "../../ui/FormField";
import { useFocusOnError } from "../../ui/useFocusOnError";
import { EMPTY_REPORT, messageCounter, type ReportDraft, reportErrors } from "./report-form";
import "../../ui/more-recipes";

export const REPORT_SENT_MESSAGE = "Merci, votre signalement a été transmis au partenaire et à l'équipe du portail.";

interface ReportErrorDialogProps {
  item: { itemType: ReportItemType; id: string; label: string };
  onClose: () => void;
}

/**
 * The « Signaler une erreur » form in a dialog: what is wrong, an optional address for an
 * answer, and a field robots fill and people do not (hidden from view and from assistive
 * technologies). A refusal keeps what was typed; the thanks replace the form and get the focus.
 */
export default function ReportErrorDialog({ item, onClose }: ReportErrorDialogProps) {
  const formId = useId();
  const [draft, setDraft] = useState<ReportDraft>(EMPTY_REPORT);
  const [submitted, setSubmitted] = useState(false);
  const [serverProblem, setServerProblem] = useState<{
    fields: Partial<Record<"message" | "email", string>>;
    message: string | null;
  } | null>(null);
  const [sent, setSent] = useState(false);
  const [report, { loading }] = useReportErrorMutation();
  const { container, focusFirstError } = useFocusOnError();
  const thanks = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  const local = submitted ? reportErrors(draft) : {};
  const errors = { ...serverProblem?.fields, ...local };
  const set = (field: keyof ReportDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerProblem(null);
    if (Object.keys(reportErrors(draft)).length > 0) return focusFirstError();
    try {
      await report({
        variables: {
          input: {
            itemType: item.itemType,
            itemId: item.id,
            message: draft.message,
            email: draft.email.trim() || null,
            website: draft.website || null,
          },
        },
      });
      setSent(true);
    } catch (error) {
      const problems = saveProblems(error, (field) => (field === "message" || field === "email" ? field : undefined));
      if (errorCode(error) === "NOT_FOUND")
        problems.message = "Cette page n'existe plus : le signalement n'a pas été envoyé.";
      setServerProblem(problems);
      if (Object.keys(problems.fields).length > 0) focusFirstError();
    }
  };

  return (
    <FormDialog
      title="Signaler une erreur"
      subtitle={item.label}
      busy={loading ? "Envoi du signalement…" : null}
      onClose={onClose}
      saved={sent}
    >
      {sent ? (
        <>
          <FormDialog.Body>
            <Text ref={thanks} tabIndex={-1} role="status" fontWeight="semibold" color="green.800" outline="none">
              {REPORT_SENT_MESSAGE}
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
            <FormDialog.Problems message={serverProblem?.message ?? null} />
            <form id={formId} onSubmit={submit} noValidate ref={container}>
              <Stack gap="4">
                <FormField
                  label="Qu'est-ce qui est inexact ?"
                  required
                  error={errors.message ?? null}
                  helper={`Par exemple : un numéro de téléphone, des horaires, une adresse. ${messageCounter(draft.message)}.`}
                >
                  <Textarea
                    rows={5}
                    value={draft.message}
                    maxLength={REPORT_MESSAGE_MAX * 2}
                    onChange={(event) => set("message")(event.target.value)}
                  />
                </FormField>
                <FormField
                  label="Votre adresse e-mail (facultatif, pour recevoir une réponse)"
                  error={errors.email ?? null}
                  helper="Elle n'est transmise qu'au partenaire qui gère cette page."
                >
                  <Input
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    value={draft.email}
                    maxLength={MAX_EMAIL_LENGTH}
                    onChange={(event) => set("email")(event.target.value)}
                  />
                </FormField>
                {/* The honeypot: off screen, out of the tab order and of the accessibility tree. */}
                <Box
                  aria-hidden="true"
                  position="absolute"
                  left="-10000px"
                  top="auto"
                  width="1px"
                  height="1px"
                  overflow="hidden"
                >
                  <label>
                    Ne remplissez pas ce champ :
                    <input
                      type="text"
                      name="website"
                      tabIndex={-1}
                      autoComplete="off"
                      value={draft.website}
                      onChange={(event) => set("website")(event.target.value)}
                    />
                  </label>
                </Box>
              </Stack>
            </form>
          </FormDialog.Body>
          <FormDialog.Footer formId={formId} submitLabel="Envoyer" busy={loading} />
        </>
      )}
    </FormDialog>
  );
}
