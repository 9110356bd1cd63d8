/** Said under the chooser when « Un autre partenaire » is picked and nobody is chosen. */
export const RECIPIENT_REQUIRED = "Choisissez le partenaire qui reprend les fiches.";

/** Above the sheets a deleted account owns alone. */
export const aloneHeading = (count: number): string =>
  count > 1
    ? `Ce compte est le seul propriétaire de ${count} fiches de service :`
    : "Ce compte est le seul propriétaire d'une fiche de service :";

/** Above the sheets it shares: they stay with their other members. */
export const sharedHeading = (count: number): string =>
  count > 1
    ? `Il partage aussi ${count} fiches avec d'autres comptes, qui les gardent :`
    : "Il partage aussi une fiche avec d'autres comptes, qui la gardent :";

/** The notification once the account is deleted: what became of its data and of the sheets it owned alone. */
export function deletionNotice({
  erase,
  handed,
  recipient,
}: {
  erase: boolean;
  /** How many sheets it owned alone. */
  handed: number;
  /** Who took them (« Prénom Nom »); null: the administrators. */
  recipient: string | null;
}): string {
  const deleted = erase ? "Utilisateur supprimé, données personnelles effacées" : "Utilisateur supprimé";
  if (handed === 0) return deleted;
  const what = handed > 1 ? `ses ${handed} fiches confiées` : "sa fiche confiée";
  return `${deleted} ; ${what} ${recipient ? `à ${recipient}` : "aux administrateurs"}`;
}
