/**
 * The rules of a service sheet, written once for the API (ServiceInput's decorators) and the
 * web's sheet form (which gives the partner the messages early): the limits and what is said
 * when a field is refused. Its opening hours' rules are in hours-rules.ts. Plain TypeScript that
 * imports nothing outside api/src/shared.
 */
import { ADDRESS_MAX, ADDRESS_TOO_LONG, REQUIRED } from "./form-rules";

/** The lengths and counts ServiceInput accepts. */
export const SHEET_LIMITS = {
  serviceName: 255,
  serviceManager: 255,
  website: 500,
  externalLink: 500,
  fullAddress: ADDRESS_MAX,
  city: 100,
  epci: 150,
  coveredLocations: 50,
} as const;

export const SHEET_MESSAGES = {
  serviceNameRequired: REQUIRED.serviceName,
  serviceNameTooLong: `Le nom de la structure ne doit pas dépasser ${SHEET_LIMITS.serviceName} caractères.`,
  serviceManagerRequired: REQUIRED.serviceManager,
  serviceManagerTooLong: `Le nom du gestionnaire ne doit pas dépasser ${SHEET_LIMITS.serviceManager} caractères.`,
  emailRequired: REQUIRED.email,
  emailInvalid: "L'adresse e-mail de la structure n'est pas valide.",
  phoneRequired: REQUIRED.phone,
  phoneInvalid: "Le téléphone fixe n'est pas valide.",
  mobileInvalid: "Le téléphone portable n'est pas valide.",
  websiteInvalid: "Le site internet doit être une adresse http(s).",
  websiteTooLong: `Le site internet ne doit pas dépasser ${SHEET_LIMITS.website} caractères.`,
  externalLinkInvalid: "Le lien externe doit être une adresse http(s).",
  externalLinkTooLong: `Le lien externe ne doit pas dépasser ${SHEET_LIMITS.externalLink} caractères.`,
  townRequired: REQUIRED.town,
  townUnknown: "Commune inconnue.",
  addressRequired: REQUIRED.address,
  addressTooLong: ADDRESS_TOO_LONG,
  zipRequired: REQUIRED.zip,
  epciUnknown: "Intercommunalité inconnue.",
  typesRequired: "Choisissez au moins un type de service.",
  agesRequired: "Choisissez au moins une tranche d'âge.",
  tooManyEpci: "Trop d'intercommunalités.",
} as const;
