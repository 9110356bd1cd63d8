import type { AlertList, AlertStatus } from "../../generated/alerts";

/** The lists as their pages are titled. */
export const LIST_NAMES: Record<AlertList, string> = {
  NEWS: "Actualités",
  EVENTS: "Évènements",
  RESOURCES: "Ressources",
  SERVICES: "Lieux, offres de partenaires",
};

/** An alert's state as « Mes alertes » shows it. */
export const STATUS_LABELS: Record<AlertStatus, string> = {
  PENDING: "À confirmer",
  ACTIVE: "Active",
  PAUSED: "En pause",
  ENDED: "Terminée",
};
