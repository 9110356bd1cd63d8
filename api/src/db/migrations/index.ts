import { InitialSchema1732233600000 } from "./1732233600000-InitialSchema";

/** Every migration, in order. Both engines run the same list. */
export const migrations = [InitialSchema1732233600000];
