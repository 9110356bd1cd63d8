import { defined } from "./codecs";
import { mediaSearchInputOf, type RestRoute, serviceSearchInputOf } from "./routes";

/** GraphQL selection of an alert, as REST answers it (the schema's names). */
const ALERT_FIELDS = "id list label rhythm status createdAt confirmedAt lastSentAt listPath";

type Row = Record<string, unknown>;

const tokenOf = (query: Row): unknown => (Array.isArray(query.token) ? query.token[0] : query.token);
const object = (value: unknown): Row | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Row) : null;
/** Enum values in any case (`weekly`); blank is absent. */
const upper = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value);
/** `paused` as a form or query string sends it. */
const flag = (value: unknown) =>
  typeof value === "string" && /^(true|false)$/i.test(value.trim()) ? value.trim().toLowerCase() === "true" : value;

/**
 * « Me prévenir » on the REST edge: the same GraphQL operations, no account. The signed link's
 * token comes in the query string (`?token=`), as the e-mails' links carry it.
 */
export const alertRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/alerts",
    document: `mutation RestSubscribeAlert($input: AlertSubscriptionInput!) { subscribeAlert(input: $input) { message } }`,
    variables: ({ body }) => {
      const media = object(body.media);
      const services = object(body.services);
      return {
        input: defined(
          {
            email: typeof body.email === "string" ? body.email.trim() : body.email,
            list: upper(body.list),
            rhythm: upper(body.rhythm),
            placeLabel: body.placeLabel,
            media: media ? defined(mediaSearchInputOf(media)) : undefined,
            services: services ? defined(serviceSearchInputOf(services)) : undefined,
          },
          ["email", "list", "rhythm"],
        ),
      };
    },
    status: 202,
    present: (result: { message: string }) => result,
  },
  {
    // « Recevoir le lien de mes alertes »: the same answer whatever the address holds.
    method: "POST",
    path: "/alerts/link",
    document: `mutation RestSendAlertsLink($email: String!) { sendAlertsLink(email: $email) { message } }`,
    variables: ({ body }) => ({ email: typeof body.email === "string" ? body.email.trim() : (body.email ?? "") }),
    status: 202,
    present: (result: { message: string }) => result,
  },
  {
    method: "POST",
    path: "/alerts/confirm",
    document: `mutation RestConfirmAlert($token: String!) { confirmAlert(token: $token) { ${ALERT_FIELDS} } }`,
    variables: ({ body, query }) => ({ token: body.token ?? tokenOf(query) ?? "" }),
    present: (alert: Row) => alert,
  },
  {
    method: "GET",
    path: "/alerts",
    document: `query RestAlertsOfAddress($token: String!) { alertsOfAddress(token: $token) { email alerts { ${ALERT_FIELDS} } } }`,
    variables: ({ query }) => ({ token: tokenOf(query) ?? "" }),
    present: (result: Row) => result,
  },
  {
    method: "PATCH",
    path: "/alerts/:id",
    document: `mutation RestUpdateAlert($token: String!, $id: ID!, $rhythm: AlertRhythm, $paused: Boolean) {
      updateAlert(token: $token, id: $id, rhythm: $rhythm, paused: $paused) { ${ALERT_FIELDS} } }`,
    variables: ({ params, query, body }) =>
      defined({ token: tokenOf(query) ?? "", id: params.id, rhythm: upper(body.rhythm), paused: flag(body.paused) }, [
        "token",
      ]),
    present: (alert: Row) => alert,
  },
  {
    method: "DELETE",
    path: "/alerts/:id",
    document: `mutation RestDeleteAlert($token: String!, $id: ID!) { deleteAlert(token: $token, id: $id) }`,
    variables: ({ params, query }) => ({ token: tokenOf(query) ?? "", id: params.id }),
    present: () => undefined,
  },
  {
    method: "DELETE",
    path: "/alerts",
    document: `mutation RestEraseAlertAddress($token: String!) { eraseAlertAddress(token: $token) }`,
    variables: ({ query }) => ({ token: tokenOf(query) ?? "" }),
    present: (erased: number) => ({ erased }),
  },
  {
    // RFC 8058: a mail provider posts `List-Unsubscribe=One-Click` (a form) to the link of the
    // `List-Unsubscribe` header, without cookies; the stop token is the only key.
    method: "POST",
    path: "/alerts/unsubscribe",
    document: `mutation RestStopAlert($token: String!) { stopAlert(token: $token) { id status } }`,
    variables: ({ query }) => ({ token: tokenOf(query) ?? "" }),
    formBody: true,
    present: (alert: Row) => alert,
  },
  {
    method: "GET",
    path: "/alerts/stats",
    document: `query RestAlertStats { alertStats { byList { key active pending } byPlace { key active pending }
      emptySearches { list label listPath subscribers } searchesChecked } }`,
    variables: () => ({}),
    present: (stats: Row) => stats,
  },
];
