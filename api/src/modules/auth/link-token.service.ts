import { type DataSource, type EntityManager, IsNull, LessThan, type Repository } from "typeorm";
import { ValidationError } from "../../errors";
import { newToken, tokenHash } from "./secrets";
import { UserToken, type UserTokenPurpose } from "./user-token.entity";

export const LINK_TOKEN_HOURS = 24;
export const INVALID_LINK_MESSAGE =
  "Ce lien n'est plus valide : demandez-en un nouveau avec « Mot de passe oublié ? ».";

/**
 * Single-use tokens for the e-mailed set-password links: random, stored hashed,
 * valid 24 h; issuing a new one revokes the user's older ones.
 */
export class LinkTokenService {
  private readonly tokens: Repository<UserToken>;

  constructor(
    dataSource: DataSource,
    private readonly publicUrl: string,
  ) {
    this.tokens = dataSource.getRepository(UserToken);
  }

  /** A new link to the set-password page (« Choisir un mot de passe »), for an e-mail. */
  async issueLink(userId: string, purpose: UserTokenPurpose): Promise<string> {
    const token = await this.issue(userId, purpose);
    return `${this.publicUrl}/changement-mot-de-passe/${userId}/${token}`;
  }

  async issue(userId: string, purpose: UserTokenPurpose, now = new Date()): Promise<string> {
    await this.tokens.delete({ userId, usedAt: IsNull() });
    const token = newToken();
    await this.tokens.insert({
      tokenHash: tokenHash(token),
      userId,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_TOKEN_HOURS * 3600_000),
      usedAt: null,
    });
    return token;
  }

  /** Checks a token without using it up; throws when it is not (or no longer) valid. */
  async check(userId: string, token: string, now = new Date()): Promise<UserToken> {
    const found = await this.tokens.findOneBy({ tokenHash: tokenHash(token) });
    if (!found || found.userId !== userId || found.usedAt !== null || found.expiresAt <= now) {
      throw new ValidationError(INVALID_LINK_MESSAGE);
    }
    return found;
  }

  /** Every unused link of an account opens nothing any more (the account was deleted). */
  async revokeAll(userId: string): Promise<void> {
    await this.tokens.delete({ userId, usedAt: IsNull() });
  }

  /**
   * Removes the links past their end, used or not: they open nothing any more (`check` refuses
   * both alike). Returns how many.
   */
  async purgeExpired(now = new Date()): Promise<number> {
    const result = await this.tokens.delete({ expiresAt: LessThan(now) });
    return result.affected ?? 0;
  }

  /**
   * Uses a checked token up, in the caller's transaction. A link opens once: of two requests
   * that checked it at the same moment, the second finds it used and is refused.
   */
  async useUp(token: UserToken, manager: EntityManager, now = new Date()): Promise<void> {
    const { affected } = await manager.update(
      UserToken,
      { tokenHash: token.tokenHash, usedAt: IsNull() },
      { usedAt: now },
    );
    if (affected !== 1) throw new ValidationError(INVALID_LINK_MESSAGE);
  }
}
