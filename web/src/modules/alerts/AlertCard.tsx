import { Badge, Box, Button, Field, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import {
  type AlertFieldsFragment,
  type AlertRhythm,
  useDeleteAlertMutation,
  useUpdateAlertMutation,
} from "../../generated/alerts";
import { ALERT_RHYTHM_LABELS } from "../../form-rules";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { notify } from "../../ui/toaster";
import { LIST_NAMES, STATUS_LABELS } from "./alert-labels";
import { linkProblem } from "./AlertLink";
import "../../ui/more-recipes";

const STATUS_PALETTES = { PENDING: "orange", ACTIVE: "green", PAUSED: "gray", ENDED: "gray" } as const;

/**
 * One alert of « Mes alertes »: what it follows, its state, its rhythm (changed at once), pause or
 * resume, its search, and its deletion after a confirmation.
 */
export function AlertCard({
  alert,
  token,
  onDeleted,
}: {
  alert: AlertFieldsFragment;
  token: string;
  onDeleted: () => void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [update, { loading: updating }] = useUpdateAlertMutation();
  const [remove] = useDeleteAlertMutation();
  const ended = alert.status === "ENDED";
  const paused = alert.status === "PAUSED";

  // Nothing is disabled while a change is saved: a disabled control would drop the keyboard's focus.
  const change = async (variables: { rhythm?: AlertRhythm; paused?: boolean }, done: string) => {
    if (updating) return;
    try {
      await update({ variables: { token, id: alert.id, ...variables } });
      notify.info(done);
    } catch (error) {
      notify.error(linkProblem(error));
    }
  };

  return (
    <Stack as="article" aria-labelledby={headingId} gap="3" p="4" borderWidth="1px" borderRadius="md" bg="white">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Box>
          <Text fontSize="sm" color="gray.700">
            {LIST_NAMES[alert.list]}
          </Text>
          <Heading as="h2" size="md" id={headingId}>
            {alert.label}
          </Heading>
        </Box>
        <Badge colorPalette={STATUS_PALETTES[alert.status]} variant="subtle">
          {STATUS_LABELS[alert.status]}
        </Badge>
      </HStack>
      {!ended && (
        <Field.Root>
          <Field.Label>Rythme des e-mails</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={alert.rhythm}
              onChange={(event) => {
                const rhythm: AlertRhythm = event.target.value === "WEEKLY" ? "WEEKLY" : "DAILY";
                void change({ rhythm }, `Rythme enregistré : ${ALERT_RHYTHM_LABELS[rhythm].toLowerCase()}.`);
              }}
            >
              {(["DAILY", "WEEKLY"] as const).map((rhythm) => (
                <option key={rhythm} value={rhythm}>
                  {ALERT_RHYTHM_LABELS[rhythm]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <HStack gap="2" flexWrap="wrap">
        {(alert.status === "ACTIVE" || paused) && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            aria-busy={updating || undefined}
            onClick={() =>
              void change(
                { paused: !paused },
                paused ? "L'alerte a repris." : "L'alerte est en pause : aucun e-mail jusqu'à sa reprise.",
              )
            }
          >
            {paused ? "Reprendre" : "Mettre en pause"}
          </Button>
        )}
        <Button asChild size="sm" variant="outline" colorPalette="brand">
          <Link to={alert.listPath}>Voir la recherche</Link>
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          Supprimer
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title="Supprimer cette alerte ?"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove({ variables: { token, id: alert.id } });
            notify.info("L'alerte est supprimée.");
            onDeleted();
          } catch (error) {
            notify.error(linkProblem(error));
          }
        }}
      >
        <Text>Vous ne recevrez plus les e-mails de « {alert.label} ».</Text>
      </ConfirmDialog>
    </Stack>
  );
}
