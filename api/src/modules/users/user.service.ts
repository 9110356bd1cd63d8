import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import { DataSource, In, Repository } from "typeorm";
import { Viewer } from "../../context";
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from "../../errors";
import { canReadUser, requireAdmin, requirePartner, todayInParis } from "../../policies/account.policy";
import { HttpSession } from "../auth/http-session";
import { LinkTokenService } from "../auth/link-token.service";
import { hashPassword, isStrongPassword, WEAK_PASSWORD_MESSAGE } from "../auth/password";
import { SessionService } from "../auth/session.service";
import { ThrottleRule, ThrottleService } from "../auth/throttle.service";
import { searchWords } from "../common/search-text";
import { Town } from "../geo/town.entity";
import { Mailer } from "../mail/mailer";
import { mailTemplates } from "../mail/templates";
import { Network, Role, ROLE_LABELS, UserStatus } from "../reference/reference.data";
import { User } from "./user.entity";
import { ContactInput, JoinInput, StorePasswordInput, UserInput, UserSearchInput } from "./user.inputs";
import { usersCsv } from "./users.csv";

export const EMAIL_TAKEN_MESSAGE = "Cette adresse e-mail est déjà enregistrée sur le site !";
export const EMAIL_NOT_FOUND_MESSAGE = "Adresse email introuvable";
export const PAST_DATE_MESSAGE = "La date doit être postérieure à la date du jour";

/** Password-reset requests: a few per address and per account each hour. */
export const RESET_LIMITS: Record<"ip" | "account", ThrottleRule> = {
  ip: { max: 10, windowMs: 3600_000, blockMs: 3600_000 },
  account: { max: 3, windowMs: 3600_000, blockMs: 3600_000 },
};

export interface UserSearchResult {
  users: User[];
  total: number;
  waiting: number;
}

interface UserServiceDeps {
  dataSource: DataSource;
  mailer: Mailer;
  tokens: LinkTokenService;
  sessions: SessionService;
  throttle: ThrottleService;
  publicUrl: string;
  contactEmail: string;
}

const clean = (value: string) => value.trim().replace(/\s+/g, " ");
const cleanOptional = (value: string | null | undefined) => (value?.trim() ? clean(value) : null);

/** Each field's message when it is blank after cleaning ("Le nom est requis."). */
function requireText(fields: Record<string, string>, messages: Record<string, string>) {
  for (const [key, value] of Object.entries(fields)) {
    if (!value) throw new ValidationError(messages[key], { [key]: messages[key] });
  }
}

/** Accounts: partner requests, administration, passwords, contact. */
export class UserService {
  private readonly users: Repository<User>;
  private readonly towns: Repository<Town>;

  constructor(private readonly deps: UserServiceDeps) {
    this.users = deps.dataSource.getRepository(User);
    this.towns = deps.dataSource.getRepository(Town);
  }

  private link = (user: User, token: string) => `${this.deps.publicUrl}/changement-mot-de-passe/${user.id}/${token}`;

  private async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const existing = await this.users.findOneBy({ email });
    return existing !== null && existing.id !== exceptId;
  }

  /** A partner request: a LOCAL account, and a message to the administrators. */
  async join(input: JoinInput): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const fields = { name: clean(input.name), surname: clean(input.surname), justify: input.justify.trim() };
    requireText(fields, {
      name: "Le nom est requis.",
      surname: "Le prénom est requis.",
      justify: "La motivation est requise.",
    });
    const town = await this.towns.findOneBy({ inseeCode: input.townCode });
    if (!town) throw new ValidationError("La commune choisie est inconnue.", { townCode: "La commune est requise." });
    if (await this.emailTaken(email)) throw new ConflictError(EMAIL_TAKEN_MESSAGE);

    const now = new Date();
    const user = await this.users.save(
      Object.assign(new User(), {
        id: randomUUID(),
        ...fields,
        email,
        phone: clean(input.phone),
        mobile: null,
        role: input.role,
        status: UserStatus.LOCAL,
        createdAt: now,
        updatedAt: now,
        expiration: null,
        networks: [],
        fullAddress: cleanOptional(input.fullAddress),
        city: town.city,
        epci: town.epci,
        passwordHash: null,
      }),
    );
    const admins = await this.users.findBy({ role: Role.ADMIN, status: UserStatus.CONFIRMED });
    const recipients = [...new Set([...admins.map((admin) => admin.email), this.deps.contactEmail].filter(Boolean))];
    if (recipients.length > 0) {
      await this.deps.mailer.send({
        to: recipients,
        ...mailTemplates.joinRequestToAdmins(this.deps.publicUrl, { ...user, roleLabel: ROLE_LABELS[user.role] }),
      });
    }
    return user;
  }

  async search(viewer: Viewer, input: UserSearchInput): Promise<UserSearchResult> {
    requireAdmin(viewer);
    const qb = this.users.createQueryBuilder("u");
    qb.where("u.status IN (:...statuses)", {
      statuses: input.statuses.length ? input.statuses : [UserStatus.CONFIRMED, UserStatus.LOCAL, UserStatus.PENDING],
    });
    // Accent- and case-insensitive, on both engines, through the normalised column.
    searchWords(input.textQuery)
      .slice(0, 5)
      .forEach((word, index) => {
        qb.andWhere(`u.searchText LIKE :w${index}`, { [`w${index}`]: `%${word}%` });
      });
    const [users, total] = await qb
      .orderBy(`u.${input.orderBy}`, input.orderDirection)
      .addOrderBy("u.id", input.orderDirection)
      .skip(input.from)
      .take(input.size)
      .getManyAndCount();
    const waiting = await this.users.countBy({ status: UserStatus.LOCAL });
    return { users, total, waiting };
  }

  async exportCsv(viewer: Viewer): Promise<string> {
    requireAdmin(viewer);
    const users = await this.users.find({
      where: { status: In([UserStatus.CONFIRMED, UserStatus.LOCAL, UserStatus.PENDING]) },
      order: { surname: "ASC", name: "ASC" },
    });
    return usersCsv(users);
  }

  /** A user's record, for an administrator or the user themself. */
  async profile(viewer: Viewer, id: string): Promise<User> {
    requirePartner(viewer);
    if (!canReadUser(viewer, id)) throw new ForbiddenError();
    const user = await this.users.findOneBy({ id });
    if (!user || user.status === UserStatus.DELETED) throw new NotFoundError("Cet utilisateur est introuvable.");
    return user;
  }

  private async checkedFields(input: UserInput, exceptId?: string) {
    const fields = {
      name: clean(input.name),
      surname: clean(input.surname),
      email: input.email.trim().toLowerCase(),
      phone: clean(input.phone),
      mobile: cleanOptional(input.mobile),
      role: input.role,
      networks: [...new Set(input.networks)] as Network[],
      expiration: input.expiration ?? null,
    };
    requireText(
      { name: fields.name, surname: fields.surname },
      { name: "Le nom est requis.", surname: "Le prénom est requis." },
    );
    if (fields.expiration !== null) {
      if (!DateTime.fromISO(fields.expiration).isValid)
        throw new ValidationError("Date invalide", { expiration: "Date invalide" });
      if (fields.expiration < todayInParis()) {
        throw new ValidationError(PAST_DATE_MESSAGE, { expiration: PAST_DATE_MESSAGE });
      }
    }
    if (await this.emailTaken(fields.email, exceptId)) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    return fields;
  }

  /** An account created by an administrator: PENDING, and e-mailed a set-password link. */
  async create(viewer: Viewer, input: UserInput): Promise<User> {
    requireAdmin(viewer);
    const fields = await this.checkedFields(input);
    const now = new Date();
    const user = await this.users.save(
      Object.assign(new User(), {
        id: randomUUID(),
        ...fields,
        status: UserStatus.PENDING,
        createdAt: now,
        updatedAt: now,
        justify: null,
        fullAddress: null,
        city: null,
        epci: null,
        passwordHash: null,
      }),
    );
    const token = await this.deps.tokens.issue(user.id, "SET_PASSWORD");
    await this.deps.mailer.send({
      to: user.email,
      ...mailTemplates.accountReady(this.deps.publicUrl, user, this.link(user, token), false),
    });
    return user;
  }

  async update(viewer: Viewer, id: string, input: UserInput): Promise<User> {
    const admin = requireAdmin(viewer);
    const user = await this.users.findOneBy({ id });
    if (!user || user.status === UserStatus.DELETED) throw new NotFoundError("Cet utilisateur est introuvable.");
    const fields = await this.checkedFields(input, id);
    if (user.role === Role.ADMIN && fields.role !== Role.ADMIN) {
      if (admin.id === id) throw new ForbiddenError("Vous ne pouvez pas retirer votre propre rôle d'administrateur.");
      await this.assertAnotherAdmin(id);
    }
    Object.assign(user, fields, { updatedAt: new Date() });
    return this.users.save(user);
  }

  /** Validates a partner request: LOCAL becomes PENDING and receives its set-password link. */
  async accept(viewer: Viewer, id: string): Promise<User> {
    requireAdmin(viewer);
    const user = await this.users.findOneBy({ id });
    if (!user || user.status === UserStatus.DELETED) throw new NotFoundError("Cet utilisateur est introuvable.");
    if (user.status !== UserStatus.LOCAL) throw new ConflictError("Cette demande a déjà été validée.");
    user.status = UserStatus.PENDING;
    user.expiration ??= DateTime.now().setZone("Europe/Paris").plus({ months: 6 }).toISODate();
    user.updatedAt = new Date();
    await this.users.save(user);
    const token = await this.deps.tokens.issue(user.id, "SET_PASSWORD");
    await this.deps.mailer.send({
      to: user.email,
      ...mailTemplates.accountReady(this.deps.publicUrl, user, this.link(user, token), true),
    });
    return user;
  }

  /** Soft delete: the account becomes DELETED and is signed out everywhere. */
  async remove(viewer: Viewer, id: string): Promise<void> {
    const admin = requireAdmin(viewer);
    if (admin.id === id) throw new ForbiddenError("Vous ne pouvez pas supprimer votre propre compte.");
    const user = await this.users.findOneBy({ id });
    if (!user || user.status === UserStatus.DELETED) throw new NotFoundError("Cet utilisateur est introuvable.");
    if (user.role === Role.ADMIN) await this.assertAnotherAdmin(id);
    await this.users.update({ id }, { status: UserStatus.DELETED, updatedAt: new Date() });
    await this.deps.sessions.closeAllOf(id);
  }

  private async assertAnotherAdmin(exceptId: string) {
    const others = await this.users
      .createQueryBuilder("u")
      .where("u.role = :role", { role: Role.ADMIN })
      .andWhere("u.status IN (:...statuses)", { statuses: [UserStatus.CONFIRMED, UserStatus.PENDING] })
      .andWhere("u.id <> :id", { id: exceptId })
      .getCount();
    if (others === 0) throw new ForbiddenError("Le dernier administrateur ne peut pas être supprimé ni rétrogradé.");
  }

  /** Sets the password from an e-mailed link: the account is CONFIRMED and its other sessions closed. */
  async storePassword(input: StorePasswordInput): Promise<void> {
    const token = await this.deps.tokens.check(input.userId, input.token);
    if (!isStrongPassword(input.password))
      throw new ValidationError(WEAK_PASSWORD_MESSAGE, { password: WEAK_PASSWORD_MESSAGE });
    const user = await this.users.findOneBy({ id: input.userId });
    if (!user || user.status === UserStatus.DELETED || user.status === UserStatus.LOCAL) {
      throw new NotFoundError("Cet utilisateur est introuvable.");
    }
    await this.deps.tokens.markUsed(token);
    await this.users.update(
      { id: user.id },
      { passwordHash: await hashPassword(input.password), status: UserStatus.CONFIRMED, updatedAt: new Date() },
    );
    await this.deps.sessions.closeAllOf(user.id);
  }

  /**
   * Forgotten password. As the spec asks, an unknown address is reported
   * ('Adresse email introuvable'); requests are throttled per address and account.
   */
  async requestPasswordReset(http: HttpSession, emailInput: string): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      throw new ValidationError("L'adresse e-mail n'est pas valide.", { email: "L'adresse e-mail n'est pas valide." });
    }
    const keys = { ip: `reset:ip:${http.ip}`, account: `reset:account:${email}` };
    if (await this.deps.throttle.isBlocked(Object.values(keys))) {
      throw new TooManyRequestsError("Trop de demandes : veuillez réessayer dans une heure.");
    }
    await this.deps.throttle.fail(keys.ip, RESET_LIMITS.ip);
    await this.deps.throttle.fail(keys.account, RESET_LIMITS.account);
    const user = await this.users.findOneBy({ email });
    if (!user || ![UserStatus.CONFIRMED, UserStatus.PENDING].includes(user.status)) {
      throw new NotFoundError(EMAIL_NOT_FOUND_MESSAGE);
    }
    const token = await this.deps.tokens.issue(user.id, "RESET_PASSWORD");
    await this.deps.mailer.send({
      to: user.email,
      ...mailTemplates.passwordReset(this.deps.publicUrl, user, this.link(user, token)),
    });
  }

  /** The contact form: to the configured address, with the sender as reply-to. */
  async contact(viewer: Viewer, input: ContactInput): Promise<void> {
    const sender = requirePartner(viewer);
    const fields = { object: clean(input.object), message: input.message.trim() };
    requireText(fields, { object: "L'objet est requis.", message: "Le message est requis." });
    if (!this.deps.contactEmail)
      throw new ValidationError("Aucune adresse de contact n'est configurée sur le portail.");
    await this.deps.mailer.send({
      to: this.deps.contactEmail,
      replyTo: sender.email,
      ...mailTemplates.contactMessage(
        this.deps.publicUrl,
        { ...sender, roleLabel: ROLE_LABELS[sender.role] },
        fields.object,
        fields.message,
      ),
    });
  }
}
