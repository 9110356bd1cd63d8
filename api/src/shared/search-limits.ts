/**
 * The limits of a search's criteria, written once for the API (MediaSearchInput,
 * ServiceSearchInput) and the web (which cuts a shared link's values to them rather than send
 * a search the server would refuse). Plain TypeScript with no imports.
 */

/** The longest text looked for (the search box, an event's place). */
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_TEXT_TOO_LONG = `Le texte recherché ne doit pas dépasser ${SEARCH_TEXT_MAX} caractères.`;
export const EVENT_PLACE_TOO_LONG = `Le lieu recherché ne doit pas dépasser ${SEARCH_TEXT_MAX} caractères.`;

/** The most places (intercommunalities and towns together) one search names. */
export const SEARCH_PLACES_MAX = 200;
export const TOO_MANY_SEARCH_PLACES = `Trop de lieux sélectionnés (${SEARCH_PLACES_MAX} au plus).`;

/** The longest name of a place. */
export const PLACE_NAME_MAX = 150;
export const PLACE_NAME_TOO_LONG = `Un nom de lieu ne doit pas dépasser ${PLACE_NAME_MAX} caractères.`;

/** Addresses are suggested from this many characters (fewer match too many). */
export const ADDRESS_MIN_LENGTH = 3;

/** The radius of a search around a place when none is given, and the widest, in km. */
export const DEFAULT_RADIUS_KM = 10;
export const MAX_RADIUS_KM = 100;
