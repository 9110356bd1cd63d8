import { type DataSource, LessThan, Not, type Repository } from "typeorm";
import { accountOpen } from "../../policies/account.policy";
import { dateParameter } from "../common/search-page";
import { User } from "../users/user.entity";
import { BROWSER_SESSION_HOURS, PERSISTENT_SESSION_DAYS, readCookie, SESSION_COOKIE } from "./http-session";
import { newToken, sessionHash } from "./secrets";
import { Session } from "./session.entity";

export class SessionService {
  private readonly sessions: Repository<Session>;
  private readonly users: Repository<User>;
  /** What a request knows of its viewer: every column but the password hash and the search text. */
  private readonly viewerColumns: string[];

  constructor(
    private readonly dataSource: DataSource,
    private readonly secret: string,
  ) {
    this.sessions = dataSource.getRepository(Session);
    this.users = dataSource.getRepository(User);
    const left = new Set<string>(["passwordHash", "searchText"] satisfies (keyof User)[]);
    this.viewerColumns = dataSource
      .getMetadata(User)
      .columns.filter((column) => !left.has(column.propertyName))
      .map((column) => `u.${column.propertyName}`);
  }

  /** A new session (a new id at every sign-in); answers the token for the cookie. */
  async open(userId: string, persistent: boolean, now = new Date()): Promise<string> {
    const token = newToken();
    const lifetime = persistent ? PERSISTENT_SESSION_DAYS * 24 * 3600_000 : BROWSER_SESSION_HOURS * 3600_000;
    await this.sessions.insert({
      tokenHash: sessionHash(this.secret, token),
      userId,
      persistent,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetime),
    });
    // Expired sessions of anyone are swept on the way.
    await this.sessions.delete({ expiresAt: LessThan(now) });
    return token;
  }

  /** The signed-in user of a token, when the session and the account are both still valid. */
  async userOf(token: string | null, now = new Date()): Promise<User | null> {
    if (!token) return null;
    // One statement on every signed-in request: the account, through its open session. The
    // password hash stays in the database (whether one is set is enough), as does the search text.
    const {
      entities: [user],
      raw: [row],
    } = await this.users
      .createQueryBuilder("u")
      .select(this.viewerColumns)
      .addSelect("CASE WHEN u.passwordHash IS NULL THEN 0 ELSE 1 END", "hasPassword")
      .innerJoin(Session, "s", "s.userId = u.id")
      .where("s.tokenHash = :tokenHash", { tokenHash: sessionHash(this.secret, token) })
      .andWhere("s.expiresAt > :now", { now: dateParameter(this.dataSource, now) })
      .getRawAndEntities<{ hasPassword: number | string }>();
    return user && accountOpen(user, Number(row.hasPassword) === 1, now) ? user : null;
  }

  async close(token: string | null): Promise<void> {
    if (token) await this.sessions.delete({ tokenHash: sessionHash(this.secret, token) });
  }

  /** Signs a user out everywhere, except, if given, the current browser. */
  async closeAllOf(userId: string, keepToken?: string | null): Promise<void> {
    const keep = keepToken ? sessionHash(this.secret, keepToken) : null;
    await this.sessions.delete(keep ? { userId, tokenHash: Not(keep) } : { userId });
  }
}

const requestUsers = new WeakMap<object, Promise<User | null>>();

/**
 * The account a request's session cookie opens, looked up once per request: the anonymous rate
 * limit asks first (signed-in accounts are not counted), then the request's context. A failed
 * lookup (the database is away) is the same failure for both, each handling it its own way.
 */
export function requestUser(
  req: { headers: { cookie?: string } },
  sessions: Pick<SessionService, "userOf">,
): Promise<User | null> {
  let user = requestUsers.get(req);
  if (!user) {
    user = sessions.userOf(readCookie(req.headers.cookie, SESSION_COOKIE));
    requestUsers.set(req, user);
  }
  return user;
}
