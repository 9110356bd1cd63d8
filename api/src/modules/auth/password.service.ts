import type { DataSource, Repository } from "typeorm";
import { NotFoundError, TooManyRequestsError, ValidationError } from "../../errors";
import {
  EMAIL_NOT_FOUND_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  isEmailAddress,
  isStrongPassword,
  WEAK_PASSWORD_MESSAGE,
} from "../../shared/form-rules";
import type { Mailer } from "../mail/mailer";
import { mailTemplates } from "../mail/templates";
import { UserStatus } from "../reference/reference.data";
import { User } from "../users/user.entity";
import type { HttpSession } from "./http-session";
import type { LinkTokenService } from "./link-token.service";
import { hashPassword } from "./password-hash";
import type { SessionService } from "./session.service";
import type { ThrottleRule, ThrottleService } from "./throttle.service";

export { EMAIL_NOT_FOUND_MESSAGE };

/** Password-reset requests: a few per address and per account each hour. */
export const RESET_LIMITS: Record<"ip" | "account", ThrottleRule> = {
  ip: { max: 10, windowMs: 3600_000, blockMs: 3600_000 },
  account: { max: 3, windowMs: 3600_000, blockMs: 3600_000 },
};

interface PasswordServiceDeps {
  dataSource: DataSource;
  tokens: LinkTokenService;
  sessions: SessionService;
  throttle: ThrottleService;
  mailer: Mailer;
  publicUrl: string;
}

/** Choosing a password from an e-mailed link, and asking for such a link (« Mot de passe oublié »). */
export class PasswordService {
  private readonly users: Repository<User>;

  constructor(private readonly deps: PasswordServiceDeps) {
    this.users = deps.dataSource.getRepository(User);
  }

  /**
   * Whether an e-mailed link still opens the password form (unused, not expired, of an account
   * that can take a password): its page says at once when it does not. Nothing is used up.
   */
  async linkIsValid(userId: string, token: string): Promise<boolean> {
    if (!userId || !token || userId.length > 36 || token.length > 100) return false;
    try {
      await this.deps.tokens.check(userId, token);
    } catch {
      return false;
    }
    const user = await this.users.findOne({ select: { id: true, status: true }, where: { id: userId } });
    return user !== null && user.status !== UserStatus.DELETED && user.status !== UserStatus.LOCAL;
  }

  /** Sets the password from an e-mailed link: the account is CONFIRMED and its other sessions closed. */
  async storePassword(input: { userId: string; token: string; password: string }): Promise<void> {
    const token = await this.deps.tokens.check(input.userId, input.token);
    if (!isStrongPassword(input.password))
      throw new ValidationError(WEAK_PASSWORD_MESSAGE, { password: WEAK_PASSWORD_MESSAGE });
    const user = await this.users.findOneBy({ id: input.userId });
    if (!user || user.status === UserStatus.DELETED || user.status === UserStatus.LOCAL) {
      throw new NotFoundError("Cet utilisateur est introuvable.");
    }
    const passwordHash = await hashPassword(input.password);
    await this.deps.dataSource.transaction(async (manager) => {
      await this.deps.tokens.useUp(token, manager);
      await manager.update(
        User,
        { id: user.id },
        { passwordHash, status: UserStatus.CONFIRMED, updatedAt: new Date() },
      );
    });
    await this.deps.sessions.closeAllOf(user.id);
  }

  /**
   * Forgotten password. As the spec asks, an unknown address is reported
   * ('Adresse email introuvable'); requests are throttled per address and account.
   */
  async requestReset(http: HttpSession, emailInput: string): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    if (!isEmailAddress(email)) throw new ValidationError(INVALID_EMAIL_MESSAGE, { email: INVALID_EMAIL_MESSAGE });
    const keys = { ip: `reset:ip:${http.ip}`, account: `reset:account:${email}` };
    const wait = await this.deps.throttle.blockedSeconds(Object.values(keys));
    if (wait !== null) throw new TooManyRequestsError("Trop de demandes : veuillez réessayer dans une heure.", wait);
    await this.deps.throttle.fail(keys.ip, RESET_LIMITS.ip);
    await this.deps.throttle.fail(keys.account, RESET_LIMITS.account);
    const user = await this.users.findOneBy({ email });
    if (!user || ![UserStatus.CONFIRMED, UserStatus.PENDING].includes(user.status)) {
      throw new NotFoundError(EMAIL_NOT_FOUND_MESSAGE);
    }
    const link = await this.deps.tokens.issueLink(user.id, "RESET_PASSWORD");
    await this.deps.mailer.send({ to: user.email, ...mailTemplates.passwordReset(this.deps.publicUrl, user, link) });
  }
}
