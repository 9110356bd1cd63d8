import { ValidationError } from "../../errors";
import { Role } from "../../modules/reference/reference.data";
import { isIsoDay, parisDay, parseFrenchDate } from "../../shared/rules";
import { codeText, defined, firstGiven, given, int, sentAs } from "./codecs";
import { networks } from "./presenters";
import type { RestRoute } from "./routes";
import { JOIN_SENT_MESSAGE, RESET_SENT_MESSAGE } from "../../shared/form-rules";

/** GraphQL selection read by `presentUser`. */
const USER_FIELDS = `id name surname email phone mobile role status createdAt expiration networks justify fullAddress city epci townCode`;

type Row = Record<string, unknown>;

/** A user in the legacy JSON shape (`creation`, network values in lower case). */
export function presentUser(user: Row) {
  const { createdAt, networks: userNetworks, ...rest } = user;
  return { ...rest, creation: createdAt, networks: networks.fromGraphql(userNetworks as string[]) };
}

/** Query-string lists: `?status=A&status=B` or `?status=A,B`. */
const list = (value: unknown) =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(",")).filter(Boolean);

/** `2027-05-21`, with a time (`T10:00`, seconds and fraction optional) and a zone (`Z`, `+02:00`) or not. */
const ISO_DAY_OR_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/i;

/**
 * Dates may come as `2027-05-21`, `21/05/2027` (as the portal writes them) or a full ISO
 * timestamp; the account keeps the day it is in
 * France: a browser's `toISOString()` of midnight in Paris (`2027-05-24T22:00:00.000Z`) is the 25th.
 * A timestamp without a zone is a wall-clock time: its own day. Anything else (`2027-05-21abc`,
 * `T99:99`) goes on as it came, for the API to refuse as an invalid date.
 */
const day = (value: unknown) => {
  const text = typeof value === "string" ? value.trim() : "";
  const french = parseFrenchDate(text);
  if (french) return french;
  const parts = ISO_DAY_OR_TIMESTAMP.exec(text);
  if (!parts) return value;
  const [, date, zone] = parts;
  if (!zone) return date;
  // A day that does not exist (2027-02-30) goes on to be refused, not rolled over into March.
  const instant = new Date(text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return !isIsoDay(date) || Number.isNaN(instant.getTime()) ? value : parisDay(instant);
};

/**
 * A legacy user body as UserInput. Optional fields left blank ("" for mobile or expiration)
 * are absent: no mobile, no expiration. Blank required fields get UserInput's own messages.
 * An extension: `townCode` (or `inseeCode`) gives the account's town; absent or blank, it stays.
 */
const userInput = (body: Row, { defaultRole }: { defaultRole?: Role } = {}) =>
  defined(
    {
      name: body.name,
      surname: body.surname,
      email: body.email,
      phone: body.phone,
      mobile: body.mobile,
      role: given(body.role) ? body.role : defaultRole,
      expiration: day(body.expiration),
      networks: networks.toGraphql(body.networks),
      townCode: codeText(firstGiven(body.townCode, body.inseeCode)),
    },
    ["name", "surname", "email", "phone"],
  );

/** `orderBy` of the users list: the spec's field names (`creation`…) and the schema's (`createdAt`…), in any case. */
const ORDER_FIELDS: Record<string, string> = {
  creation: "createdAt",
  createdat: "createdAt",
  name: "name",
  surname: "surname",
  email: "email",
  role: "role",
  status: "status",
  expiration: "expiration",
};
const ORDER_FIELD_NAMES = "creation, name, surname, email, role, status, expiration (ou createdAt)";

/** The UserOrderField for a legacy `orderBy`; an unknown one is refused with the accepted values. */
function orderField(value: unknown): string | undefined {
  if (!given(value)) return undefined;
  const key = typeof value === "string" ? value.trim().toLowerCase() : "";
  // Own names only: « constructor » or « __proto__ » are not sort fields.
  const field = Object.hasOwn(ORDER_FIELDS, key) ? ORDER_FIELDS[key] : undefined;
  if (field) return field;
  const message = `Le tri « ${String(value)} » est inconnu. Valeurs acceptées : ${ORDER_FIELD_NAMES}.`;
  throw new ValidationError(message, { orderBy: message });
}

/** `orderDirection`: asc or desc, in any case. */
function orderDirection(value: unknown): string | undefined {
  if (!given(value)) return undefined;
  const direction = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (direction === "ASC" || direction === "DESC") return direction;
  const message = `Le sens du tri « ${String(value)} » est inconnu. Valeurs acceptées : asc, desc.`;
  throw new ValidationError(message, { orderDirection: message });
}

const message = (text: string) => () => ({ message: text });

/** The name the client gave a town's INSEE code: `townCode`, or `inseeCode`. */
const townSentAs = ({ body }: { body: Row }) => ({ townCode: sentAs(body, "townCode", "inseeCode") });

export const accountRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/auth/login",
    document: `mutation RestLogin($input: LoginInput!) { login(input: $input) { ${USER_FIELDS} } }`,
    variables: ({ body }) => ({
      input: defined(
        {
          email: body.email,
          password: body.password,
          remember: body.remember === true || body.remember === "true",
        },
        ["email", "password"],
      ),
    }),
    present: presentUser,
  },
  {
    method: "GET",
    path: "/auth/logout",
    changesState: true,
    document: `mutation RestLogout { logout }`,
    variables: () => ({}),
    present: () => undefined,
  },
  {
    method: "GET",
    path: "/users/current",
    document: `query RestCurrentUser { currentUser { ${USER_FIELDS} } }`,
    variables: () => ({}),
    present: presentUser,
    whenNull: { code: "UNAUTHENTICATED", message: "Vous n'êtes pas connecté." },
  },
  {
    method: "GET",
    path: "/users/search",
    document: `query RestUsers($input: UserSearchInput!) { users(input: $input) { total waiting users { ${USER_FIELDS} } } }`,
    variables: ({ query }) => ({
      input: defined({
        textQuery: query.textQuery,
        // Any case, as orderBy (`?status=local`).
        statuses: list(query.status)?.map((status) => status.toUpperCase()),
        orderBy: orderField(query.orderBy),
        orderDirection: orderDirection(query.orderDirection),
        from: int(query.from),
        size: int(query.size),
      }),
    }),
    sentNames: () => ({ statuses: "status" }),
    present: ({ users, total, waiting }: { users: Row[]; total: number; waiting: number }) => ({
      users: users.map(presentUser),
      total,
      waiting,
    }),
  },
  {
    method: "POST",
    path: "/users/accept/:id",
    document: `mutation RestAcceptUser($id: ID!, $townCode: String) {
      acceptUser(id: $id, townCode: $townCode) { ${USER_FIELDS} } }`,
    // The spec sends no body; `{ townCode }` gives a town to a request that has none.
    variables: ({ params, body }) =>
      defined({ id: params.id, townCode: codeText(firstGiven(body.townCode, body.inseeCode)) }),
    sentNames: townSentAs,
    present: presentUser,
  },
  {
    method: "GET",
    path: "/users/export",
    document: `query RestUsersExport { usersCsv }`,
    variables: () => ({}),
    present: () => undefined,
    respond: (csv: string) => ({
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="utilisateurs-${new Date().toISOString().slice(0, 10)}.csv"`,
        "Cache-Control": "no-store",
      },
      body: csv,
    }),
  },
  {
    method: "POST",
    path: "/users/add",
    document: `mutation RestCreateUser($input: UserInput!) { createUser(input: $input) { ${USER_FIELDS} } }`,
    // Spec §5: the user form's role is a content creator's unless another is chosen.
    variables: ({ body }) => ({ input: userInput(body, { defaultRole: Role.NEWS_PARTNER }) }),
    sentNames: townSentAs,
    present: presentUser,
    status: 201,
  },
  {
    method: "PUT",
    path: "/users/update",
    document: `mutation RestUpdateUser($id: ID!, $input: UserInput!) { updateUser(id: $id, input: $input) { ${USER_FIELDS} } }`,
    variables: ({ body }) => defined({ id: body.id, input: userInput(body) }),
    sentNames: townSentAs,
    present: presentUser,
  },
  {
    method: "GET",
    path: "/users/profile/:id",
    document: `query RestUserProfile($id: ID!) { userProfile(id: $id) { ${USER_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    present: presentUser,
  },
  {
    method: "POST",
    path: "/users/join",
    document: `mutation RestJoin($input: JoinInput!) { requestPartnership(input: $input) }`,
    // Spec §7 sends no town: without one (absent, null or ""), it is found from the address, or
    // chosen by the administrator who validates the request.
    variables: ({ body }) => ({
      input: defined(
        {
          email: body.email,
          name: body.name,
          surname: body.surname,
          justify: body.justify,
          phone: body.phone,
          fullAddress: body.fullAddress,
          townCode: codeText(firstGiven(body.townCode, body.inseeCode)),
          role: body.role,
        },
        ["email", "name", "surname", "justify", "phone"],
      ),
    }),
    sentNames: townSentAs,
    present: message(JOIN_SENT_MESSAGE),
    status: 201,
  },
  {
    method: "POST",
    path: "/users/store-password",
    document: `mutation RestStorePassword($input: StorePasswordInput!) { storePassword(input: $input) }`,
    variables: ({ body }) => ({
      input: defined({ userId: body.userId, token: body.token, password: body.password }, [
        "userId",
        "token",
        "password",
      ]),
    }),
    present: message("Votre mot de passe est enregistré."),
  },
  {
    method: "POST",
    path: "/users/reset-password",
    document: `mutation RestResetPassword($email: String!) { requestPasswordReset(email: $email) }`,
    variables: ({ body }) => defined({ email: body.email }, ["email"]),
    present: message(RESET_SENT_MESSAGE),
  },
  {
    method: "DELETE",
    path: "/users/delete/:userId",
    document: `mutation RestDeleteUser($id: ID!) { deleteUser(id: $id) }`,
    variables: ({ params }) => ({ id: params.userId }),
    present: message("Utilisateur supprimé."),
  },
  {
    method: "POST",
    path: "/contact",
    document: `mutation RestContact($input: ContactInput!) { sendContactMessage(input: $input) }`,
    variables: ({ body }) => ({
      input: defined({ object: body.object, message: body.message }, ["object", "message"]),
    }),
    present: message("Message envoyé"),
  },
];
