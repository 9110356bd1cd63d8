import type { Network, Role } from "../../generated/accounts";
import type { UserInput, UserRowFragment } from "../../generated/users";
import {
  defaultExpiration,
  expirationError,
  formatIsoDay,
  INVALID_DATE_MESSAGE,
  parseFrenchDate,
  todayInParis,
} from "../../rules";
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  isEmailAddress,
  isPhoneNumber,
  REQUIRED,
} from "../../form-rules";

/** What the create/edit form holds: text as typed, the date as DD/MM/YYYY. */
export interface UserFormValues {
  name: string;
  surname: string;
  email: string;
  phone: string;
  mobile: string;
  role: Role | "";
  /** DD/MM/YYYY; empty: no expiration. */
  expiration: string;
  networks: Network[];
  /** INSEE code of the account's town; empty: none (« Commune à préciser » for a partner). */
  townCode: string;
}

export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

/** The fields in the order of the form. */
export const USER_FORM_FIELDS: readonly UserFormField[] = [
  "name",
  "surname",
  "email",
  "phone",
  "mobile",
  "expiration",
  "role",
  "networks",
  "townCode",
];

const LINKED_FIELDS: ReadonlySet<UserFormField> = new Set([
  "name",
  "surname",
  "email",
  "phone",
  "mobile",
  "expiration",
  "townCode",
]);

/** The control a field's error links to, in the form's summary of errors (text fields and the town). */
export const userFieldId = (field: UserFormField): string | undefined =>
  LINKED_FIELDS.has(field) ? `utilisateur-${field}` : undefined;

export const DEFAULT_ROLE: Role = "NEWS_PARTNER";

const REQUIRED_MESSAGES: Partial<Record<UserFormField, string>> = {
  name: REQUIRED.name,
  surname: REQUIRED.surname,
  email: REQUIRED.email,
  phone: REQUIRED.phone,
  role: REQUIRED.role,
};

const clean = (value: string) => value.trim().replace(/\s+/g, " ");

/** The form's starting values: a blank account (create) or the edited user's record. */
export function initialUserFormValues(user?: UserRowFragment | null): UserFormValues {
  if (!user) {
    return {
      name: "",
      surname: "",
      email: "",
      phone: "",
      mobile: "",
      role: DEFAULT_ROLE,
      expiration: formatIsoDay(defaultExpiration()),
      networks: [],
      townCode: "",
    };
  }
  return {
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    mobile: user.mobile ?? "",
    role: user.role,
    // A request to validate shows the expiration it will get (the default), to keep or clear.
    expiration: user.expiration
      ? formatIsoDay(user.expiration)
      : user.status === "LOCAL"
        ? formatIsoDay(defaultExpiration())
        : "",
    networks: [...user.networks],
    townCode: user.townCode ?? "",
  };
}

/**
 * Checks the form: every field's error, and the `UserInput` to send when there is none.
 * `today` (YYYY-MM-DD, Paris) is a parameter so the rule can be tested. The town is optional:
 * a partner's left empty is to be given later (« Commune à préciser »). `townBefore`: an edited
 * account's town code as the form opened; left so, the town is not sent, and an account whose
 * town the list no longer names (no code) keeps it.
 */
export function validateUserForm(
  values: UserFormValues,
  today: string = todayInParis(),
  townBefore?: string,
): { errors: UserFormErrors; input: UserInput | null } {
  const errors: UserFormErrors = {};
  const text = {
    name: clean(values.name),
    surname: clean(values.surname),
    email: values.email.trim().toLowerCase(),
    phone: clean(values.phone),
    role: values.role,
  };
  for (const [field, value] of Object.entries(text) as [UserFormField, string][]) {
    if (!value) errors[field] = REQUIRED_MESSAGES[field];
  }
  if (text.email && !isEmailAddress(text.email)) errors.email = INVALID_EMAIL_MESSAGE;
  // The server's rule (six digits at least): « 05 » is refused here, before « Créer ».
  const mobile = clean(values.mobile);
  if (text.phone && !isPhoneNumber(text.phone)) errors.phone = INVALID_PHONE_MESSAGE;
  if (mobile && !isPhoneNumber(mobile)) errors.mobile = INVALID_PHONE_MESSAGE;

  let expiration: string | null = null;
  if (values.expiration.trim()) {
    expiration = parseFrenchDate(values.expiration);
    const error = expiration === null ? INVALID_DATE_MESSAGE : expirationError(expiration, today);
    if (error) errors.expiration = error;
  }

  if (Object.keys(errors).length > 0 || !values.role) return { errors, input: null };
  return {
    errors,
    input: {
      name: text.name,
      surname: text.surname,
      email: text.email,
      phone: text.phone,
      mobile: mobile || null,
      role: values.role,
      expiration,
      networks: [...new Set(values.networks)],
      ...(values.townCode === townBefore ? {} : { townCode: values.townCode || null }),
    },
  };
}

export interface NetworkChoice {
  value: Network;
  label: string;
  /** Outside the administrator's own networks: shown (the user has it) but not changeable. */
  readOnly: boolean;
}

/**
 * The networks an administrator may tick: their own, or all of them when theirs include ALL.
 * ALL itself is offered in edit mode only. Networks the edited user already has outside that
 * scope are listed read-only, so saving never drops them silently.
 */
export function networkChoices(
  options: { value: Network; label: string }[],
  adminNetworks: readonly Network[],
  mode: "create" | "edit",
  current: readonly Network[] = [],
): NetworkChoice[] {
  const seesAll = adminNetworks.includes("ALL");
  return options.flatMap((option): NetworkChoice[] => {
    const allowed = (seesAll || adminNetworks.includes(option.value)) && (option.value !== "ALL" || mode === "edit");
    if (allowed) return [{ ...option, readOnly: false }];
    if (current.includes(option.value)) return [{ ...option, readOnly: true }];
    return [];
  });
}
