import { ALERT_LIMITS, ALERT_PRIVACY_NOTE, ALERT_RETENTION, ALERT_RHYTHM_LABELS } from "../../shared/alerts-rules";
import { compose, type MailContent } from "../mail/templates";
import type { AlertRhythm } from "./alert.entity";

/** The e-mails of « Me prévenir » this module sends (the digest has its own): French, text and HTML, no image. */
export const alertMails = {
  /** The double opt-in: nothing else is sent before this link is opened. */
  confirmation(
    publicUrl: string,
    alert: { label: string; rhythm: AlertRhythm },
    confirmLink: string,
    manageLink: string,
  ): MailContent {
    return compose(publicUrl, "confirmez votre alerte", "Bonjour,", [
      { text: "Vous avez demandé à être prévenu par e-mail des nouveautés de cette recherche :" },
      { text: `« ${alert.label} »\nRythme : ${ALERT_RHYTHM_LABELS[alert.rhythm]}` },
      {
        text: `Pour recevoir ces e-mails, confirmez votre alerte avec le lien ci-dessous (valable ${ALERT_RETENTION.pendingDays} jours). Sans confirmation, rien ne vous sera envoyé et votre demande sera effacée.`,
      },
      { link: confirmLink, label: "Confirmer mon alerte" },
      { text: "Pour gérer vos alertes plus tard :" },
      { link: manageLink, label: "Mes alertes" },
      { text: "Si vous n'avez rien demandé, ignorez ce message : vous ne recevrez rien d'autre." },
      { text: ALERT_PRIVACY_NOTE },
    ]);
  },

  /**
   * Sent instead of a confirmation when the address already holds the most alerts: its owner
   * learns why, whoever asked (the answer to the form is the same as always).
   */
  limitReached(publicUrl: string, manageLink: string): MailContent {
    return compose(publicUrl, "nombre maximal d'alertes atteint", "Bonjour,", [
      {
        text: `Une nouvelle alerte a été demandée pour votre adresse, mais elle a déjà ${ALERT_LIMITS.alertsPerAddress} alertes : c'est le maximum. Aucune alerte n'a été ajoutée.`,
      },
      { text: "Pour en demander une autre, supprimez d'abord une de vos alertes :" },
      { link: manageLink, label: "Mes alertes" },
      { text: "Si vous n'avez rien demandé, ignorez ce message." },
    ]);
  },

  /** « Recevoir le lien de mes alertes »: sent only to an address that holds an alert not ended. */
  manageLink(publicUrl: string, manageLink: string): MailContent {
    return compose(publicUrl, "le lien de vos alertes", "Bonjour,", [
      {
        text: "Vous avez demandé le lien « Mes alertes » de votre adresse. Il vous permet de voir vos alertes, de changer leur rythme, de les mettre en pause, de les supprimer ou de tout effacer :",
      },
      { link: manageLink, label: "Mes alertes" },
      { text: "Gardez cet e-mail : chaque e-mail d'alerte contient aussi ce lien." },
      { text: "Si vous n'avez rien demandé, ignorez ce message : rien n'a changé." },
    ]);
  },

  /** The last notice of an alert ended because none of its e-mails was opened for months. */
  endedInactive(publicUrl: string, alert: { label: string; listPath: string }): MailContent {
    return compose(publicUrl, "votre alerte est terminée", "Bonjour,", [
      {
        text: `Votre alerte « ${alert.label} » est terminée : aucun lien de ses e-mails n'a été ouvert depuis ${ALERT_RETENTION.inactiveMonths} mois.`,
      },
      { text: "Vous ne recevrez plus d'e-mail pour cette recherche. Vos données la concernant seront effacées." },
      {
        text: "Pour être de nouveau prévenu, ouvrez la recherche et choisissez « Me prévenir » :",
      },
      { link: `${publicUrl}${alert.listPath}`, label: "Voir la recherche" },
    ]);
  },
};
