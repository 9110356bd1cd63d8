import { Badge, Button, Stack, Text } from "@chakra-ui/react";
import { useConfirmServiceMutation } from "../../generated/sheet-editing";
import { errorMessage } from "../../ui/errors";
import { notify } from "../../ui/toaster";
import { formatDate } from "../media/dates";

/** Profile, « Mes Services »: when the sheet was last checked, and « Confirmer que la fiche est à jour ». */
export function ConfirmSheetButton({
  service,
}: {
  service: { id: string; serviceName: string; checkedAt: string; needsReview: boolean };
}) {
  const [confirm, { loading }] = useConfirmServiceMutation();
  const run = async () => {
    try {
      await confirm({ variables: { id: service.id } });
      notify.info(`Merci : la fiche « ${service.serviceName} » est confirmée.`);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  };
  return (
    <Stack gap="1" align="flex-start">
      <Text whiteSpace="nowrap">{formatDate(service.checkedAt)}</Text>
      {service.needsReview && (
        <Badge colorPalette="red" variant="surface">
          Informations à vérifier
        </Badge>
      )}
      <Button
        size="xs"
        variant="outline"
        colorPalette="brand"
        loading={loading}
        aria-label={`Confirmer que la fiche est à jour : ${service.serviceName}`}
        onClick={() => void run()}
      >
        Confirmer que la fiche est à jour
      </Button>
    </Stack>
  );
}
