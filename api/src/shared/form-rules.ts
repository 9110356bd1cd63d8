/**
 * The rules only forms need, written once for the server and the web: password strength,
 * e-mail, phone and postcode patterns, required-field messages, and the limits of long texts (a
 * request's motivation, a contact message, an error report) with their counters. Apart from
 * `rules.ts` so that the public pages' first load does not carry them: the web's forms import
 * them through `web/src/form-rules.ts` and load on demand. Plain TypeScript with no imports.
 */

// ---------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

/** At least 6 characters and two of the three classes lowercase, uppercase, digit (others allowed). */
export function isStrongPassword(password: string): boolean {
  if (password.length < MIN_PASSWORD_LENGTH) return false;
  return [/[a-z]/, /[A-Z]/, /\d/].filter((pattern) => pattern.test(password)).length >= 2;
}

export const WEAK_PASSWORD_MESSAGE = "Mot de passe trop faible";

export const PASSWORD_HINT =
  "Au moins 6 caractères, dont au moins deux types parmi : minuscules, majuscules, chiffres. Les caractères spéciaux sont acceptés.";

// ---------------------------------------------------------------------------
// E-mail addresses and phone numbers
// ---------------------------------------------------------------------------

/**
 * Something before one « @ », then a domain of dotted labels (letters, digits, inner
 * hyphens) ending with a name of two letters or more. Loose on purpose: the mail
 * delivery is the real judge.
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;
export const MAX_EMAIL_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = "L'adresse e-mail n'est pas valide.";

export const isEmailAddress = (text: string): boolean => text.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(text);

/** The longest phone number written. */
export const PHONE_MAX_LENGTH = 30;
/** 6 to 30 characters of digits and + ( ) . - and spaces, with at least 6 digits. */
export const PHONE_PATTERN = new RegExp(`^(?=(?:\\D*\\d){6})[0-9+().\\s-]{6,${PHONE_MAX_LENGTH}}$`);
export const INVALID_PHONE_MESSAGE = "Le numéro de téléphone n'est pas valide.";

export const isPhoneNumber = (text: string): boolean => PHONE_PATTERN.test(text);

/**
 * An http(s) address whose host name has a domain (« https://exemple.fr/inscription »): the
 * server's checks (class-validator's IsUrl with a protocol) refuse less, never more.
 */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && /\.[a-z0-9-]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** French postcodes: five digits. */
export const POSTCODE_PATTERN = /^\d{5}$/;
export const INVALID_POSTCODE_MESSAGE = "Le code postal doit compter 5 chiffres.";

// ---------------------------------------------------------------------------
// Accounts: what signing in, a partner's request and a forgotten password are answered (spec §8)
// ---------------------------------------------------------------------------

export const LOGIN_FAILED_MESSAGE = "Mot de passe ou nom d'utilisateur incorrect";
export const EMAIL_TAKEN_MESSAGE = "Cette adresse e-mail est déjà enregistrée sur le site !";
export const JOIN_SENT_MESSAGE =
  "Votre demande de partenariat a bien été envoyée. Vous recevrez un email lorsqu'elle sera validée.";
export const EMAIL_NOT_FOUND_MESSAGE = "Adresse email introuvable";
export const RESET_SENT_MESSAGE = "Un email vous a été envoyé pour réinitialiser votre mot de passe";

// ---------------------------------------------------------------------------
// Required fields
// ---------------------------------------------------------------------------

/** « Le nom est requis. », « La commune est requise. »: the participle agrees with the subject. */
export const requiredMessage = (subject: string, gender: "m" | "f" = "m"): string =>
  `${subject} est ${gender === "f" ? "requise" : "requis"}.`;

/** The messages of the fields both sides require, by field name. */
export const REQUIRED = {
  name: requiredMessage("Le nom"),
  surname: requiredMessage("Le prénom"),
  email: requiredMessage("L'adresse e-mail", "f"),
  phone: requiredMessage("Le téléphone fixe"),
  password: requiredMessage("Le mot de passe"),
  role: requiredMessage("Le rôle"),
  justify: requiredMessage("La motivation", "f"),
  town: requiredMessage("La commune", "f"),
  address: requiredMessage("L'adresse", "f"),
  zip: requiredMessage("Le code postal"),
  object: requiredMessage("L'objet"),
  message: requiredMessage("Le message"),
  serviceName: requiredMessage("Le nom de la structure"),
  serviceManager: requiredMessage("Le nom du gestionnaire"),
  eventFrom: requiredMessage("La date de début de l'évènement", "f"),
} as const;

/** A required phone number: asked for when left blank, refused when it is not one. */
export const phoneProblem = (text: string): string | null =>
  !text.trim() ? REQUIRED.phone : isPhoneNumber(text.trim()) ? null : INVALID_PHONE_MESSAGE;

/**
 * Shown where a partner's town is (the administrators' list, the account's form, the CSV export)
 * when it has none: its request named none the town list could read, and it was validated
 * without. The administrator gives it in the account's form.
 */
export const TOWN_TO_SPECIFY = "Commune à préciser";
/** Whether an account's town is still to be given: a partner's; an administrator needs none. */
export const townToSpecify = (account: { role: string; city: string | null }): boolean =>
  account.role !== "ADMIN" && !account.city;
export const UNKNOWN_TOWN_MESSAGE = "La commune choisie est inconnue.";

// ---------------------------------------------------------------------------
// Names, addresses, a contact message's object
// ---------------------------------------------------------------------------

export const PERSON_NAME_MAX = 100;
export const NAME_TOO_LONG = `Le nom ne doit pas dépasser ${PERSON_NAME_MAX} caractères.`;
export const SURNAME_TOO_LONG = `Le prénom ne doit pas dépasser ${PERSON_NAME_MAX} caractères.`;
export const ADDRESS_MAX = 255;
export const ADDRESS_TOO_LONG = `L'adresse ne doit pas dépasser ${ADDRESS_MAX} caractères.`;
export const CONTACT_OBJECT_MAX = 200;
export const CONTACT_OBJECT_TOO_LONG = `L'objet ne doit pas dépasser ${CONTACT_OBJECT_MAX} caractères.`;

// ---------------------------------------------------------------------------
// Long texts: counted as the server counts them (« 120 / 2000 caractères »); a longer paste is
// kept whole in the form, to be shortened
// ---------------------------------------------------------------------------

export const JOIN_JUSTIFY_MAX = 2000;
export const JOIN_JUSTIFY_TOO_LONG = `La motivation ne doit pas dépasser ${JOIN_JUSTIFY_MAX} caractères.`;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_MESSAGE_TOO_LONG = `Le message ne doit pas dépasser ${CONTACT_MESSAGE_MAX} caractères.`;
export const characterCount = (length: number, max: number): string => `${length} / ${max} caractères`;

// « Signaler une erreur »

/** What a report of an error says, once cleaned: 10 to 2000 characters. */
export const REPORT_MESSAGE_MIN = 10;
export const REPORT_MESSAGE_MAX = 2000;
export const REPORT_MESSAGE_TOO_SHORT = `Décrivez ce qui est inexact en ${REPORT_MESSAGE_MIN} caractères au moins.`;
export const REPORT_MESSAGE_TOO_LONG = `Le message ne doit pas dépasser ${REPORT_MESSAGE_MAX} caractères.`;

/**
 * A report's message as stored: control characters other than line breaks removed, spaces
 * within a line reduced to one, at most one empty line in a row, trimmed.
 */
export function cleanReportMessage(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/[^\S\n]+/g, " ")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, "")
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
