import { DateTime } from "luxon";
import type { Network } from "../../../generated/accounts";
import type { MediaFileInput, MediaFullFragment, MediaInput, PublicationStatus } from "../../../generated/media";
import type { Age, Category, Thematic } from "../../../generated/reference";
import { PARIS_ZONE } from "../../../rules";
import { ARTICLE_MESSAGES, articleProblems } from "../../../form-rules";
import { firstHeading, isDocumentEmpty, parseDocument } from "../quill-document";

/**
 * The article form's pure logic: its values, their checks, and the MediaInput
 * sent to the server. The server checks everything again; these checks only
 * give the author the messages early.
 */

export const ZONE = PARIS_ZONE;
/** DD/MM/YYYY HH:mm, 24 h (spec §5). */
export const DATE_TIME_FORMAT = "dd/LL/yyyy HH:mm";
/** What is parsed: leading zeros may be omitted. */
const PARSE_FORMATS = ["d/L/yyyy H:mm", "d/L/yyyy H'h'mm", "d/L/yyyy H'h'"];

export { INVALID_FORM } from "../../../ui/ErrorSummary";
/** The form's own message: a date typed that does not read as DD/MM/YYYY HH:mm. */
export const INVALID_DATE = "Format de date invalide";
/** What the server says of each field (api/src/shared/article-rules.ts), by the form's field names. */
export const MESSAGES = { ...ARTICLE_MESSAGES, category: ARTICLE_MESSAGES.categories } as const;

export const EMPTY_DOCUMENT = JSON.stringify({ ops: [{ insert: "\n" }] });

/** An attachment of the form: already on the server (stored) or still to send (file). */
export interface FileEntry {
  key: string;
  name: string;
  /** Set once the file is on the server: an attachment of the media, or an upload done. */
  stored: MediaFileInput | null;
  /** The chosen file, until it is uploaded. */
  file: File | null;
  /** An attachment the media had when the form opened: removing it can be undone. */
  existing: boolean;
  removed: boolean;
}

export interface ArticleFormValues {
  title: string;
  /** The Quill document (delta JSON). */
  article: string;
  category: Category | null;
  ages: Age[];
  thematics: Thematic[];
  networks: Network[];
  epci: string[];
  city: string[];
  /** DD/MM/YYYY HH:mm, Paris time; events only. */
  eventFrom: string;
  eventTo: string;
  eventAddress: string;
  /** The organiser's public contact (events only, all optional). */
  contactEmail: string;
  contactPhone: string;
  registrationUrl: string;
  files: FileEntry[];
  /** Publish now, keep as a draft, or publish by itself at `publishAt`. */
  publication: PublicationStatus;
  /** DD/MM/YYYY HH:mm, Paris time; scheduled articles only. */
  publishAt: string;
}

export type ArticleFormField = keyof ArticleFormValues;
export type ArticleFormErrors = Partial<Record<ArticleFormField, string>>;

const CATEGORY_PARAMS: Record<string, Category> = { new: "NEW", event: "EVENT", resource: "RESOURCE" };

/** The category preset by `?categorie=new|event|resource` (the lists link there). */
export function categoryFromParam(param: string | null | undefined): Category | null {
  return (param && CATEGORY_PARAMS[param.trim().toLowerCase()]) || null;
}

export function emptyArticleValues(category: Category | null = null): ArticleFormValues {
  return {
    title: "",
    article: EMPTY_DOCUMENT,
    category,
    ages: [],
    thematics: [],
    networks: [],
    epci: [],
    city: [],
    eventFrom: "",
    eventTo: "",
    eventAddress: "",
    contactEmail: "",
    contactPhone: "",
    registrationUrl: "",
    files: [],
    publication: "PUBLISHED",
    publishAt: "",
  };
}

/** The radio shows one category: an event's, else the first one. */
function mainCategory(categories: readonly Category[]): Category | null {
  if (categories.includes("EVENT")) return "EVENT";
  return categories[0] ?? null;
}

/** The form of an existing media. */
export function articleValuesFromMedia(media: MediaFullFragment): ArticleFormValues {
  const ops = parseDocument(media.article);
  return {
    title: media.title,
    article: ops ? JSON.stringify({ ops }) : EMPTY_DOCUMENT,
    category: mainCategory(media.categories),
    ages: [...media.ages],
    thematics: [...media.thematics],
    networks: [...media.networks],
    epci: [...media.epci],
    city: [...media.city],
    eventFrom: media.eventFrom ? formatDateTimeInput(media.eventFrom) : "",
    eventTo: media.eventTo ? formatDateTimeInput(media.eventTo) : "",
    eventAddress: media.eventAddress ?? "",
    contactEmail: media.contactEmail ?? "",
    contactPhone: media.contactPhone ?? "",
    registrationUrl: media.registrationUrl ?? "",
    files: media.files.map((file, index) => ({
      key: `stored-${index}-${file.path}`,
      name: file.name,
      stored: { path: file.path, name: file.name, type: file.type },
      file: null,
      existing: true,
      removed: false,
    })),
    publication: media.publication,
    publishAt: media.publishAt ? formatDateTimeInput(media.publishAt) : "",
  };
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

/** A DD/MM/YYYY HH:mm text in Paris time, or null when it does not parse. */
export function parseDateTime(text: string): DateTime | null {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (!trimmed) return null;
  for (const format of PARSE_FORMATS) {
    const parsed = DateTime.fromFormat(trimmed, format, { zone: ZONE });
    if (parsed.isValid) return parsed;
  }
  return null;
}

/** An ISO date-time as the form shows it: DD/MM/YYYY HH:mm in Paris time. */
export function formatDateTimeInput(iso: string): string {
  return DateTime.fromISO(iso, { zone: ZONE }).toFormat(DATE_TIME_FORMAT);
}

/** The ISO value sent for a date field; an unchanged field keeps the media's exact value. */
function isoOf(text: string, original: string | null | undefined): string | null {
  if (original && text.trim() === formatDateTimeInput(original)) return original;
  return parseDateTime(text)?.toUTC().toISO() ?? null;
}

// ---------------------------------------------------------------------------
// Validation and input
// ---------------------------------------------------------------------------

export interface ValidationContext {
  /** Now; a parameter for tests. */
  now?: DateTime;
  /** The edited media: an unchanged start (or schedule) may be in the past (as on the server). */
  original?: Pick<MediaFullFragment, "eventFrom" | "publishAt"> | null;
}

export function validateArticleForm(values: ArticleFormValues, context: ValidationContext = {}): ArticleFormErrors {
  const now = (context.now ?? DateTime.now()).setZone(ZONE);
  const ops = parseDocument(values.article) ?? [];
  /** A date field's value, and whether its text fails to read as a date (the form's own message). */
  const date = (text: string) => {
    const parsed = parseDateTime(text);
    return { at: parsed?.toJSDate() ?? null, invalid: Boolean(text.trim()) && !parsed };
  };
  const from = date(values.eventFrom);
  const to = date(values.eventTo);
  const publishAt = date(values.publishAt);
  const isEvent = values.category === "EVENT";
  const scheduled = values.publication === "SCHEDULED";
  const originalFrom = context.original?.eventFrom;
  const originalPublishAt = context.original?.publishAt;
  const { categories, ...problems } = articleProblems(
    {
      hasTitle: Boolean(values.title.trim() || firstHeading(ops)),
      hasBody: !isDocumentEmpty(ops),
      categories: values.category ? [values.category] : [],
      ages: values.ages,
      thematics: values.thematics,
      event: isEvent
        ? {
            from: from.at,
            to: to.at,
            fromUnchanged: Boolean(originalFrom) && values.eventFrom.trim() === formatDateTimeInput(originalFrom!),
            contactEmail: values.contactEmail.trim(),
            contactPhone: values.contactPhone.trim(),
            registrationUrl: values.registrationUrl.trim(),
          }
        : null,
      schedule: scheduled
        ? {
            at: publishAt.at,
            kept: Boolean(originalPublishAt) && values.publishAt.trim() === formatDateTimeInput(originalPublishAt!),
          }
        : null,
    },
    now.toJSDate(),
  );
  const errors: ArticleFormErrors = { ...problems };
  if (categories) errors.category = categories;
  if (isEvent && from.invalid) errors.eventFrom = INVALID_DATE;
  if (isEvent && to.invalid) errors.eventTo = INVALID_DATE;
  if (scheduled && publishAt.invalid) errors.publishAt = INVALID_DATE;
  return errors;
}

export const hasErrors = (errors: ArticleFormErrors) => Object.keys(errors).length > 0;

/** The attachments kept, in order: every one must already be on the server. */
export function keptFiles(entries: readonly FileEntry[]): MediaFileInput[] {
  return entries
    .filter((entry) => !entry.removed)
    .map((entry) => {
      if (!entry.stored) throw new Error(`File not uploaded yet: ${entry.name}`);
      return { path: entry.stored.path, name: entry.stored.name, type: entry.stored.type };
    });
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * The MediaInput of valid values. The description is left to the server (the
 * start of the text); the position follows the first town, unless the towns
 * are those of the edited media.
 */
export function buildMediaInput(
  values: ArticleFormValues,
  original: Pick<MediaFullFragment, "eventFrom" | "eventTo" | "city" | "location" | "publishAt"> | null = null,
): MediaInput {
  const isEvent = values.category === "EVENT";
  const location = original?.location && sameList(original.city, values.city) ? original.location : null;
  return {
    title: values.title.trim() || null,
    article: values.article,
    description: null,
    categories: values.category ? [values.category] : [],
    ages: [...new Set(values.ages)],
    thematics: [...new Set(values.thematics)],
    networks: [...new Set(values.networks)],
    epci: values.epci,
    city: values.city,
    files: keptFiles(values.files),
    eventFrom: isEvent ? isoOf(values.eventFrom, original?.eventFrom) : null,
    eventTo: isEvent && values.eventTo.trim() ? isoOf(values.eventTo, original?.eventTo) : null,
    eventAddress: isEvent ? values.eventAddress.trim() || null : null,
    contactEmail: isEvent ? values.contactEmail.trim() || null : null,
    contactPhone: isEvent ? values.contactPhone.trim() || null : null,
    registrationUrl: isEvent ? values.registrationUrl.trim() || null : null,
    location: location ? { lat: location.lat, lon: location.lon } : null,
    publication: values.publication,
    publishAt: values.publication === "SCHEDULED" ? isoOf(values.publishAt, original?.publishAt) : null,
  };
}

/** An article's own address: under the resources when it is one, else under the news. */
export const mediaPath = (media: { id: string; categories: readonly string[] }) =>
  `/${media.categories.includes("RESOURCE") ? "ressources" : "actualites"}/${media.id}`;

/** What the author is told once the article is saved (`before`: how it stood; null for a new one). */
export function savedMessage(
  saved: { publication: PublicationStatus; publishAt?: string | null },
  before: PublicationStatus | null,
): string {
  if (saved.publication === "DRAFT") return "Brouillon enregistré : visible de vous et des administrateurs seulement";
  if (saved.publication === "SCHEDULED" && saved.publishAt) {
    const [day, time] = formatDateTimeInput(saved.publishAt).split(" ");
    return `Article programmé : il sera publié le ${day} à ${time}`;
  }
  return before === "PUBLISHED" ? "Modifications sauvegardées" : "Article publié";
}

// ---------------------------------------------------------------------------
// Networks
// ---------------------------------------------------------------------------

/**
 * The networks an author may reserve an article to: those the server allows them
 * (`can.restrictToNetworks`), « Tous les réseaux » (ALL: every network member) included when
 * their profile allows it; networks the media already has stay listed so they can be unchecked.
 */
export function availableNetworks<O extends { value: Network; label: string }>(
  options: readonly O[],
  allowed: readonly Network[],
  current: readonly Network[] = [],
): O[] {
  return options.filter((option) => current.includes(option.value) || allowed.includes(option.value));
}
