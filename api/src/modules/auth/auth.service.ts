import { type DataSource, type Repository } from "typeorm";
import { TooManyRequestsError, UnauthenticatedError } from "../../errors";
import { canSignIn } from "../../policies/account.policy";
import { User } from "../users/user.entity";
import { type HttpSession } from "./http-session";
import { hashPassword, verifyPassword } from "./password-hash";
import { type SessionService } from "./session.service";
import { type ThrottleRule, type ThrottleService } from "./throttle.service";
import { LOGIN_FAILED_MESSAGE } from "../../shared/form-rules";

export { LOGIN_FAILED_MESSAGE };

/**
 * Sign-in throttling. A pair (account, address) is slowed quickly; an address
 * trying many accounts is blocked; an account attacked from many addresses is
 * only blocked briefly, so an attacker cannot keep its owner out for long.
 */
export const LOGIN_LIMITS: Record<"pair" | "ip" | "account", ThrottleRule> = {
  pair: { max: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
  ip: { max: 30, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
  account: { max: 50, windowMs: 60 * 60_000, blockMs: 5 * 60_000 },
};

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class AuthService {
  private readonly users: Repository<User>;
  /** Verified against when the account is unknown, so both cases take as long. */
  private readonly decoy = hashPassword("decoy-password-never-used");

  constructor(
    dataSource: DataSource,
    private readonly sessions: SessionService,
    private readonly throttle: ThrottleService,
  ) {
    this.users = dataSource.getRepository(User);
  }

  async login(http: HttpSession, input: { email: string; password: string; remember: boolean }): Promise<User> {
    const email = normalizeEmail(input.email);
    const keys = {
      pair: `login:pair:${email}|${http.ip}`,
      ip: `login:ip:${http.ip}`,
      account: `login:account:${email}`,
    };
    const wait = await this.throttle.blockedSeconds(Object.values(keys));
    if (wait !== null) {
      throw new TooManyRequestsError(
        "Trop de tentatives de connexion : veuillez réessayer dans quelques minutes.",
        wait,
      );
    }

    const user = await this.users.findOneBy({ email });
    const valid = await verifyPassword(user?.passwordHash ?? (await this.decoy), input.password);
    if (!user || !valid || !canSignIn(user)) {
      await Promise.all([
        this.throttle.fail(keys.pair, LOGIN_LIMITS.pair),
        this.throttle.fail(keys.ip, LOGIN_LIMITS.ip),
        this.throttle.fail(keys.account, LOGIN_LIMITS.account),
      ]);
      throw new UnauthenticatedError(LOGIN_FAILED_MESSAGE);
    }

    await this.throttle.clear(keys.pair);
    await this.sessions.close(http.token);
    http.setSessionCookie(await this.sessions.open(user.id, input.remember), input.remember);
    return user;
  }

  async logout(http: HttpSession): Promise<void> {
    await this.sessions.close(http.token);
    http.clearSessionCookie();
  }
}
