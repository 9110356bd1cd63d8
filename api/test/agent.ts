import { type DataSource } from "typeorm";
import { SESSION_COOKIE } from "../src/modules/auth/http-session";
import { hashPassword } from "../src/modules/auth/password-hash";
import { type Role, UserStatus } from "../src/modules/reference/reference.data";
import { type User } from "../src/modules/users/user.entity";
import { buildUser } from "./factories";
import { type GraphqlResult, type TestPortal } from "./portal";

/** A password the portal accepts (6+ characters, two classes). */
export const PASSWORD = "Secret-2024";

// argon2 is slow on purpose: each distinct password is hashed once per test file.
const hashes = new Map<string, Promise<string>>();
export const passwordHashOf = (password: string): Promise<string> => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** A user with a real argon2 password (CONFIRMED NEWS_PARTNER unless told otherwise). */
export async function buildAccount(
  dataSource: DataSource,
  fields: Partial<User> = {},
  password: string = PASSWORD,
): Promise<User> {
  return buildUser(dataSource, { passwordHash: await passwordHashOf(password), ...fields });
}

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case; flags (HttpOnly, Secure) map to true. */
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...rest] = header.split(";");
  const index = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const attribute of rest) {
    const eq = attribute.indexOf("=");
    if (eq < 0) attributes[attribute.trim().toLowerCase()] = true;
    else attributes[attribute.slice(0, eq).trim().toLowerCase()] = attribute.slice(eq + 1).trim();
  }
  return { name: pair.slice(0, index).trim(), value: decodeURIComponent(pair.slice(index + 1).trim()), attributes };
}

const expired = (cookie: SetCookie) => {
  const { "max-age": maxAge, expires } = cookie.attributes;
  if (typeof maxAge === "string") return Number(maxAge) <= 0;
  return typeof expires === "string" && new Date(expires).getTime() <= Date.now();
};

export interface RestResponse {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: any;
  /** The body as sent (a UTF-8 BOM is kept). */
  text: string;
  headers: Headers;
}

/** An HTTP client with its own cookie jar: a browser as far as the portal can tell. */
export class Agent {
  readonly jar = new Map<string, string>();
  /** The Set-Cookie headers of the last response. */
  lastSetCookies: SetCookie[] = [];

  constructor(
    private readonly baseUrl: () => string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The session token the jar holds, if any. */
  get session(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }

  set session(token: string | undefined) {
    if (token === undefined) this.jar.delete(SESSION_COOKIE);
    else this.jar.set(SESSION_COOKIE, token);
  }

  /** A new agent holding a copy of this one's cookies (a stolen or kept cookie). */
  clone(): Agent {
    const copy = new Agent(this.baseUrl, this.defaultHeaders);
    for (const [name, value] of this.jar) copy.jar.set(name, value);
    return copy;
  }

  /** A string body is sent as JSON unless `headers` say otherwise; bytes (e.g. multipart) need their content-type. */
  async fetch(
    method: string,
    path: string,
    body?: string | Uint8Array,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${this.baseUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...this.defaultHeaders,
        ...headers,
      },
      body,
    });
    this.lastSetCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of this.lastSetCookies) {
      if (expired(cookie) || cookie.value === "") this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  async graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphqlResult<T> & { headers: Headers }> {
    const response = await this.fetch("POST", "/graphql", JSON.stringify({ query, variables }), headers);
    const json = (await response.json()) as GraphqlResult<T>;
    return { status: response.status, data: json.data ?? null, errors: json.errors, headers: response.headers };
  }

  async rest(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<RestResponse> {
    const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const response = await this.fetch(method, path, payload, headers);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  /** Signs in through GraphQL; throws with the portal's message when refused. */
  async login(
    email: string,
    password: string,
    remember = false,
  ): Promise<{ id: string; email: string; role: Role; status: UserStatus }> {
    const result = await this.graphql<{ login: { id: string; email: string; role: Role; status: UserStatus } }>(LOGIN, {
      input: { email, password, remember },
    });
    if (result.errors?.length) throw new Error(`login refused: ${result.errors[0].message}`);
    return result.data!.login;
  }

  /** The signed-in user's id as the portal sees it, or null. */
  async whoAmI(): Promise<string | null> {
    const result = await this.graphql<{ currentUser: { id: string } | null }>(`{ currentUser { id } }`);
    if (result.errors?.length) throw new Error(result.errors[0].message);
    return result.data!.currentUser?.id ?? null;
  }
}

export const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { id email role status } }`;

export const newAgent = (t: TestPortal, headers?: Record<string, string>) => new Agent(() => t.url, headers);

export type Actor = "visitor" | Role.NEWS_PARTNER | Role.FULL_PARTNER | Role.ADMIN;

/** An agent for an actor: a visitor, or a freshly built CONFIRMED account of that role, signed in. */
export async function actor(
  t: TestPortal,
  who: Actor,
  fields: Partial<User> = {},
): Promise<{ agent: Agent; user: User | null }> {
  const agent = newAgent(t);
  if (who === "visitor") return { agent, user: null };
  const user = await buildAccount(t.portal.dataSource, { role: who, status: UserStatus.CONFIRMED, ...fields });
  await agent.login(user.email, PASSWORD);
  return { agent, user };
}
