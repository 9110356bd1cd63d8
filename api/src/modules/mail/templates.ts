import { PORTAL_NAME } from "../../shared/rules";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export type Block = { text: string } | { link: string; label: string };

/** One message in plain text and HTML, with the portal's name and a link back to it. */
export function compose(publicUrl: string, subject: string, greeting: string, blocks: Block[]): MailContent {
  const text = [
    greeting,
    "",
    ...blocks.flatMap((block) => ("text" in block ? [block.text, ""] : [`${block.label} : ${block.link}`, ""])),
    "—",
    `${PORTAL_NAME} · ${publicUrl}`,
  ].join("\n");
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${blocks
  .map((block) =>
    "text" in block
      ? `<p>${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`
      : `<p><a href="${escapeHtml(block.link)}" style="color:#1d4f91">${escapeHtml(block.label)}</a></p>`,
  )
  .join("\n")}
<hr><p style="font-size:12px;color:#4a5568">${escapeHtml(PORTAL_NAME)} · <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p>
</body></html>`;
  return { subject: `${PORTAL_NAME} : ${subject}`, text, html };
}

interface Person {
  name: string;
  surname: string;
  email: string;
}

const fullName = (person: Person) => `${person.surname} ${person.name}`.trim();

/** Under a child care sheet's link: its page also takes the places available. */
const availabilityNote = (sheet: { name: string; isChildCare?: boolean }): Block[] =>
  sheet.isChildCare
    ? [{ text: `Sur la page de ce lien, vous pourrez aussi indiquer les places disponibles de « ${sheet.name} ».` }]
    : [];

export const mailTemplates = {
  joinRequestToAdmins(
    publicUrl: string,
    requester: Person & { phone: string; justify: string | null; roleLabel: string },
  ) {
    return compose(publicUrl, "nouvelle demande de partenariat", "Bonjour,", [
      {
        text: `${fullName(requester)} (${requester.email}, ${requester.phone}) demande un compte « ${requester.roleLabel} ».`,
      },
      { text: `Motivation : ${requester.justify ?? "non précisée"}` },
      { link: `${publicUrl}/gestion-utilisateurs`, label: "Examiner la demande dans la gestion des utilisateurs" },
    ]);
  },

  accountReady(publicUrl: string, user: Person, link: string, validated: boolean) {
    return compose(
      publicUrl,
      validated ? "votre demande de partenariat est validée" : "votre compte a été créé",
      `Bonjour ${fullName(user)},`,
      [
        {
          text: validated
            ? "Votre demande de partenariat a été validée par un administrateur du portail."
            : "Un administrateur du portail vous a créé un compte partenaire.",
        },
        {
          text: "Pour activer votre compte, choisissez votre mot de passe avec le lien ci-dessous. Ce lien est valable 24 heures et ne peut servir qu'une fois.",
        },
        { link, label: "Choisir mon mot de passe" },
      ],
    );
  },

  passwordReset(publicUrl: string, user: Person, link: string) {
    return compose(publicUrl, "réinitialisation de votre mot de passe", `Bonjour ${fullName(user)},`, [
      {
        text: "Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable 24 heures et ne peut servir qu'une fois.",
      },
      { link, label: "Choisir un nouveau mot de passe" },
      {
        text: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      },
    ]);
  },

  contactMessage(publicUrl: string, sender: Person & { roleLabel: string }, subject: string, message: string) {
    return compose(publicUrl, `message de contact : ${subject}`, "Bonjour,", [
      {
        text: `Message de ${fullName(sender)} (${sender.email}, ${sender.roleLabel}) envoyé depuis le formulaire de contact.`,
      },
      { text: `Objet : ${subject}` },
      { text: message },
      { text: "Répondez directement à ce message pour lui écrire." },
    ]);
  },

  sheetReminder(
    publicUrl: string,
    owner: Person,
    sheets: Array<{ name: string; checkedOn: string; confirmLink: string; isChildCare?: boolean }>,
    editLink: string,
    linkDays: number,
  ) {
    const several = sheets.length > 1;
    return compose(
      publicUrl,
      several ? "vos fiches sont-elles toujours exactes ?" : "votre fiche est-elle toujours exacte ?",
      `Bonjour ${fullName(owner)},`,
      [
        {
          text: several
            ? "Les familles consultent vos fiches sur le portail. Ces fiches n'ont pas été mises à jour depuis plusieurs mois :"
            : "Les familles consultent votre fiche sur le portail. Elle n'a pas été mise à jour depuis plusieurs mois :",
        },
        ...sheets.flatMap((sheet): Block[] => [
          { text: `« ${sheet.name} », mise à jour le ${sheet.checkedOn}.` },
          { link: sheet.confirmLink, label: `Ces informations sont toujours exactes (« ${sheet.name} »)` },
          ...availabilityNote(sheet),
        ]),
        {
          text: `Un clic sur « Ces informations sont toujours exactes » suffit, sans vous connecter ; ce lien est valable ${linkDays} jours. Si quelque chose a changé (horaires, téléphone, adresse…), mettez la fiche à jour depuis votre profil.`,
        },
        { link: editLink, label: several ? "Mettre à jour mes fiches" : "Mettre à jour ma fiche" },
      ],
    );
  },

  /** The reminder about sheets no member may confirm any more: the administrators' (see FreshnessService). */
  sheetReminderToAdmins(
    publicUrl: string,
    sheets: Array<{ name: string; checkedOn: string; confirmLink: string; isChildCare?: boolean }>,
    reviewLink: string,
    linkDays: number,
  ) {
    const several = sheets.length > 1;
    return compose(
      publicUrl,
      several ? "fiches des administrateurs à vérifier" : "fiche des administrateurs à vérifier",
      "Bonjour,",
      [
        {
          text: several
            ? "Ces fiches n'ont plus de propriétaire qui puisse les confirmer (compte supprimé, expiré ou sans droit sur les fiches) : elles reviennent aux administrateurs. Elles n'ont pas été mises à jour depuis plusieurs mois :"
            : "Cette fiche n'a plus de propriétaire qui puisse la confirmer (compte supprimé, expiré ou sans droit sur les fiches) : elle revient aux administrateurs. Elle n'a pas été mise à jour depuis plusieurs mois :",
        },
        ...sheets.flatMap((sheet): Block[] => [
          { text: `« ${sheet.name} », mise à jour le ${sheet.checkedOn}.` },
          { link: sheet.confirmLink, label: `Ces informations sont toujours exactes (« ${sheet.name} »)` },
          ...availabilityNote(sheet),
        ]),
        {
          text: `Un clic sur « Ces informations sont toujours exactes » suffit, sans vous connecter ; ce lien est valable ${linkDays} jours. Si quelque chose a changé (horaires, téléphone, adresse…), un administrateur met la fiche à jour depuis sa page sur le portail.`,
        },
        { link: reviewLink, label: "Voir les fiches à vérifier" },
      ],
    );
  },

  errorReportToOwner(
    publicUrl: string,
    item: { kind: string; label: string; link: string },
    message: string,
    reporterEmail: string | null,
  ) {
    return compose(publicUrl, `signalement d'une erreur : ${item.label}`, "Bonjour,", [
      { text: `Une personne a signalé une erreur sur ${item.kind} « ${item.label} » :` },
      { text: message },
      { link: item.link, label: "Voir la page sur le portail" },
      {
        text: reporterEmail
          ? `Elle a laissé son adresse pour recevoir une réponse : ${reporterEmail}. Répondez directement à ce message pour lui écrire.`
          : "Elle n'a pas laissé d'adresse e-mail.",
      },
      {
        text: "Si l'information est bien inexacte, corrigez-la depuis votre espace partenaire. L'équipe du portail voit aussi ce signalement.",
      },
    ]);
  },

  errorReportAcknowledgement(publicUrl: string, item: { kind: string; label: string; link: string }) {
    return compose(publicUrl, "votre signalement a bien été reçu", "Bonjour,", [
      {
        text: `Nous avons bien reçu votre signalement concernant ${item.kind} « ${item.label} ». Il a été transmis au partenaire qui gère cette page et à l'équipe du portail.`,
      },
      { link: item.link, label: "Revoir la page" },
      {
        text: "Merci de nous aider à garder les informations du portail exactes. Si vous n'êtes pas à l'origine de ce signalement, ignorez ce message.",
      },
    ]);
  },
};
