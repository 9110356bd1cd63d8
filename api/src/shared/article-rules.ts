/**
 * The rules of an article, written once for the API (MediaInput's decorators, the editor
 * service) and the web's article form (which gives the author the messages early): the limits,
 * what is said when a field is refused, and the checks both sides make. Plain TypeScript that
 * imports nothing outside api/src/shared.
 */
import { isEmailAddress, isHttpUrl, isPhoneNumber, REQUIRED } from "./form-rules";
import { startOfTodayInParis } from "./rules";

/** The lengths and counts MediaInput accepts. */
export const ARTICLE_LIMITS = {
  title: 255,
  description: 1000,
  eventAddress: 255,
  registrationUrl: 500,
  fileLink: 500,
  fileName: 255,
  fileType: 100,
  epci: 50,
  towns: 200,
  places: 250,
  placeName: 150,
  /** How far ahead an article may be scheduled, in days. */
  scheduleDays: 366,
} as const;

export const ARTICLE_MESSAGES = {
  title: "Le titre est requis (champ titre ou premier titre de niveau 1 de l'article).",
  titleTooLong: `Le titre ne doit pas dépasser ${ARTICLE_LIMITS.title} caractères.`,
  article: "L'article est vide.",
  descriptionTooLong: `Le résumé ne doit pas dépasser ${ARTICLE_LIMITS.description} caractères.`,
  categories: "Choisissez au moins une catégorie.",
  ages: "Choisissez au moins une tranche d'âge.",
  thematics: "Choisissez au moins une thématique.",
  ownNetworksOnly: "Vous ne pouvez réserver un article qu'à vos propres réseaux.",
  tooManyEpci: "Trop d'intercommunalités.",
  tooManyTowns: "Trop de communes.",
  tooManyPlaces: "Trop de lieux.",
  placeTooLong: `Un lieu ne doit pas dépasser ${ARTICLE_LIMITS.placeName} caractères.`,
  fileLink: "Lien de fichier invalide.",
  fileNameTooLong: `Le nom d'un fichier ne doit pas dépasser ${ARTICLE_LIMITS.fileName} caractères.`,
  fileType: "Type de fichier invalide.",
  fileMissing: "Un fichier joint est introuvable : envoyez-le de nouveau.",
  eventFromRequired: REQUIRED.eventFrom,
  eventFromPast: "La date de début ne peut pas être dans le passé.",
  eventToBeforeStart: "La date de fin doit suivre la date de début.",
  eventAddressTooLong: `L'adresse de l'évènement ne doit pas dépasser ${ARTICLE_LIMITS.eventAddress} caractères.`,
  contactEmail: "L'adresse e-mail de l'organisateur n'est pas valide.",
  contactPhone: "Le téléphone de l'organisateur n'est pas valide.",
  registrationUrl: "Le lien d'inscription doit être une adresse http(s).",
  registrationUrlTooLong: `Le lien d'inscription ne doit pas dépasser ${ARTICLE_LIMITS.registrationUrl} caractères.`,
  publishAtRequired: "Indiquez la date et l'heure de publication.",
  publishAtPast: "La date de publication doit être à venir.",
  publishAtTooFar: "La date de publication ne peut pas dépasser un an.",
  publishAtNotScheduled: "Une date de publication ne s'indique que pour un article programmé.",
} as const;

export type ArticleField =
  | "title"
  | "article"
  | "categories"
  | "ages"
  | "thematics"
  | "eventFrom"
  | "eventTo"
  | "contactEmail"
  | "contactPhone"
  | "registrationUrl"
  | "publishAt";

export type ArticleProblems = Partial<Record<ArticleField, string>>;

/**
 * An event's start: required, and not before today in Paris unless it is the start the event
 * already had (an edit of a running event keeps it).
 */
export function eventStartProblem(from: Date | null, unchanged: boolean, now = new Date()): string | null {
  if (!from) return ARTICLE_MESSAGES.eventFromRequired;
  if (!unchanged && from < startOfTodayInParis(now)) return ARTICLE_MESSAGES.eventFromPast;
  return null;
}

/** An event's end, when there is one: not before its start. */
export const eventEndProblem = (from: Date | null, to: Date | null): string | null =>
  from && to && to < from ? ARTICLE_MESSAGES.eventToBeforeStart : null;

/**
 * A scheduled article's publication: required, to come (unless it is the schedule the article
 * already had), and within a year.
 */
export function scheduleProblem(at: Date | null, kept: boolean, now = new Date()): string | null {
  if (!at) return ARTICLE_MESSAGES.publishAtRequired;
  if (!kept && at <= now) return ARTICLE_MESSAGES.publishAtPast;
  if (at.getTime() > now.getTime() + ARTICLE_LIMITS.scheduleDays * 86_400_000) return ARTICLE_MESSAGES.publishAtTooFar;
  return null;
}

/** What the article checks need of it, read from the form or from a MediaInput. */
export interface ArticleDraft {
  /** A title typed, or a first level-one heading in the body. */
  hasTitle: boolean;
  /** Some text or an image in the body. */
  hasBody: boolean;
  categories: readonly string[];
  ages: readonly unknown[];
  thematics: readonly unknown[];
  /** Events only: their dates (null when not given) and the organiser's contact (trimmed, "" for none). */
  event: {
    from: Date | null;
    to: Date | null;
    /** The start the edited event already had: it may be in the past. */
    fromUnchanged: boolean;
    contactEmail: string;
    contactPhone: string;
    registrationUrl: string;
  } | null;
  /** Scheduled articles only: when, and whether it is the schedule the article already had. */
  schedule: { at: Date | null; kept: boolean } | null;
}

/** Every problem of an article, by field (empty: the server will not refuse it for these). */
export function articleProblems(draft: ArticleDraft, now = new Date()): ArticleProblems {
  const problems: ArticleProblems = {};
  const add = (field: ArticleField, problem: string | null) => {
    if (problem && !problems[field]) problems[field] = problem;
  };
  add("title", draft.hasTitle ? null : ARTICLE_MESSAGES.title);
  add("article", draft.hasBody ? null : ARTICLE_MESSAGES.article);
  add("categories", draft.categories.length ? null : ARTICLE_MESSAGES.categories);
  add("ages", draft.ages.length ? null : ARTICLE_MESSAGES.ages);
  add("thematics", draft.thematics.length ? null : ARTICLE_MESSAGES.thematics);
  const event = draft.event;
  if (event) {
    add("eventFrom", eventStartProblem(event.from, event.fromUnchanged, now));
    add("eventTo", eventEndProblem(event.from, event.to));
    add(
      "contactEmail",
      event.contactEmail && !isEmailAddress(event.contactEmail) ? ARTICLE_MESSAGES.contactEmail : null,
    );
    add(
      "contactPhone",
      event.contactPhone && !isPhoneNumber(event.contactPhone) ? ARTICLE_MESSAGES.contactPhone : null,
    );
    add(
      "registrationUrl",
      event.registrationUrl && !isHttpUrl(event.registrationUrl) ? ARTICLE_MESSAGES.registrationUrl : null,
    );
  }
  if (draft.schedule) add("publishAt", scheduleProblem(draft.schedule.at, draft.schedule.kept, now));
  return problems;
}
