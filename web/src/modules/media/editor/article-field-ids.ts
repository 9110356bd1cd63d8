/** The title's control: the first field, and the error summary's first link. */
export const TITLE_ID = "article-titre";

/** Where the error summary's link for a field leads (its control, or the block that holds it). */
export const fieldId = (field: string) =>
  field === "title" ? TITLE_ID : `article-${field === "epci" || field === "city" ? "lieux" : field}`;

/** The help under each date and time field of the article form. */
export const DATE_HELP = "Format JJ/MM/AAAA HH:mm, heure de Paris";
