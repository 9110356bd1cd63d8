/**
 * « Me prévenir »: e-mail alerts on a search, for families without an account. The limits and
 * the answers both the server and the web state (the web's form imports them).
 */

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Bounds on what an anonymous caller can make the portal send: no one's inbox is flooded with
 * confirmation e-mails, whoever types their address.
 */
export const ALERT_LIMITS = {
  /** Confirmation e-mails to one address in 24 hours. */
  confirmationsPerAddress: 3,
  confirmationWindowMs: DAY_MS,
  /** Alerts (any status but ended) one address may hold. */
  alertsPerAddress: 20,
  /** Subscriptions from one client address in an hour (a social centre's computers share one). */
  subscriptionsPerCaller: 10,
  callerWindowMs: HOUR_MS,
  /** The place name kept for the team's counts. */
  placeLabelMax: 120,
} as const;

/** How long what an alert keeps is kept. */
export const ALERT_RETENTION = {
  /** An alert not confirmed within this many days is erased (its link expires then too). */
  pendingDays: 7,
  /** An alert none of whose links was opened for this many months ends, with a last e-mail. */
  inactiveMonths: 12,
  /** An ended alert (its address with it) is erased this many days after it ended. */
  endedDays: 30,
} as const;

export type AlertRhythmValue = "DAILY" | "WEEKLY";

/** How the rhythms read (the form's choices and the e-mails). */
export const ALERT_RHYTHM_LABELS: Record<AlertRhythmValue, string> = {
  DAILY: "Dès qu'il y a du nouveau (un e-mail par jour au plus)",
  WEEKLY: "Une fois par semaine",
};

export const ALERT_MESSAGES = {
  /** The one answer to a subscription, whether the address already has alerts or not. */
  sent: "C'est presque fini : nous vous avons envoyé un e-mail. Ouvrez le lien qu'il contient pour confirmer votre alerte.",
  noSearch:
    "Choisissez au moins un critère (des mots, un lieu, un âge, un thème, un type…) avant de demander une alerte.",
  wrongSearch: "Cette recherche ne correspond pas à la liste choisie.",
  tooManyFromCaller: "Trop de demandes d'alerte ont été envoyées depuis votre connexion : réessayez dans une heure.",
  invalidLink:
    "Ce lien n'est pas valide ou a expiré : demandez ci-dessous le lien « Mes alertes », ou une nouvelle alerte depuis une liste.",
  /** The one answer to « Recevoir le lien de mes alertes », whatever the address holds. */
  linkSent: "Si cette adresse a des alertes, nous venons de lui envoyer le lien « Mes alertes ».",
  notFound: "Cette alerte n'existe plus.",
  ended: "Cette alerte est terminée : vous pouvez en demander une nouvelle depuis la liste.",
  placeTooLong: `Le nom du lieu ne doit pas dépasser ${ALERT_LIMITS.placeLabelMax} caractères.`,
  nothingToChange: "Indiquez le rythme ou la mise en pause de l'alerte.",
} as const;

/** What is kept, why and for how long: the note of the form, the e-mails and the legal page. */
export const ALERT_PRIVACY_NOTE =
  `Nous gardons votre adresse e-mail, la recherche choisie et les dates de votre accord et des envois, ` +
  `uniquement pour vous envoyer les alertes demandées. Une alerte non confirmée est effacée au bout de ` +
  `${ALERT_RETENTION.pendingDays} jours ; une alerte dont aucun lien des e-mails n'est ouvert pendant ` +
  `${ALERT_RETENTION.inactiveMonths} mois prend fin. Chaque e-mail contient un lien pour arrêter l'alerte ` +
  `et un lien « Mes alertes » pour tout effacer.`;
