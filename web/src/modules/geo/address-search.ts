import { ADDRESS_MIN_LENGTH } from "../../rules";

/** Typing is debounced briefly: the suggestions follow the text without one call per key. */
export const ADDRESS_DEBOUNCE_MS = 200;
/** Addresses are asked for from this many characters, as the server answers them. */
export { ADDRESS_MIN_LENGTH };
