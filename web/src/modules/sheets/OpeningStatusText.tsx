import { Text } from "@chakra-ui/react";
import type { OpeningState } from "../../generated/sheets";

/** Today's colour: open (green), closed for a while (dark orange), closed today or by appointment. */
const STATE_COLOURS: Record<OpeningState, string> = {
  OPEN_TODAY: "green.800",
  BY_APPOINTMENT: "brand.800",
  CLOSED_TODAY: "gray.700",
  TEMPORARILY_CLOSED: "orange.800",
};

/** « Ouvert aujourd'hui 8h–18h », « Fermé aujourd'hui · ouvre lundi à 9h », « Fermeture temporaire jusqu'au … ». */
export function OpeningStatusText({ status }: { status: { state: OpeningState; label: string } | null }) {
  if (!status) return null;
  return (
    <Text fontSize="sm" fontWeight="semibold" color={STATE_COLOURS[status.state]}>
      {status.label}
    </Text>
  );
}
