import { Checkbox, Stack, Text } from "@chakra-ui/react";
import { PERSONAL_DATA_RETENTION_MONTHS } from "../../rules";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SheetHandOverChoice } from "./SheetHandOverChoice";
import type { UsersAdmin } from "./useUsersAdmin";
import { fullName } from "./users-list";
import "../../ui/more-recipes";

/** « Supprimer l'utilisateur … ? »: what becomes of the account, its sheets and its personal data. */
export function UserDeletionDialog({ deletion, onClose }: { deletion: UsersAdmin["deletion"]; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={deletion.open}
      title={deletion.user ? `Supprimer l'utilisateur ${fullName(deletion.user)} ?` : ""}
      onConfirm={deletion.confirm}
      beforeConfirm={deletion.readyToDelete}
      onClose={onClose}
    >
      {deletion.user && (
        <Stack gap="3">
          <Text>Le compte {deletion.user.email} sera désactivé et ne pourra plus se connecter au portail.</Text>
          <SheetHandOverChoice
            sheets={deletion.sheets}
            loading={deletion.sheetsLoading}
            failed={deletion.sheetsFailed}
            onRetry={deletion.retrySheets}
            toPartner={deletion.toPartner}
            onToPartner={deletion.setToPartner}
            recipientId={deletion.recipientId}
            onRecipient={deletion.setRecipient}
            chooserRef={deletion.chooserRef}
            problem={deletion.problem}
          />
          <Text>
            Ses données personnelles (nom, coordonnées, motif de la demande) seront effacées dans{" "}
            {PERSONAL_DATA_RETENTION_MONTHS} mois, comme l'annoncent les mentions légales ; ses contenus restent en
            ligne.
          </Text>
          <Checkbox.Root
            checked={deletion.erase}
            onCheckedChange={(event) => deletion.setErase(event.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              Effacer ses données personnelles dès maintenant (à la demande de la personne)
            </Checkbox.Label>
          </Checkbox.Root>
        </Stack>
      )}
    </ConfirmDialog>
  );
}
