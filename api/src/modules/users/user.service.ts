import { randomUUID } from "node:crypto";
import { type DataSource, type EntityManager, In, type Repository } from "typeorm";
import { isUniqueViolation } from "../../db/data-source";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors";
import {
  canReadUser,
  deletionRefusal,
  isWaitingRequest,
  requireAdmin,
  requirePartner,
  roleChangeRefusal,
} from "../../policies/account.policy";
import { ANONYMOUS, type Viewer } from "../../policies/viewer";
import { wholeSeconds } from "../common/clock";
import { defaultExpiration, expirationError } from "../../shared/rules";
import { EMAIL_TAKEN_MESSAGE, REQUIRED, UNKNOWN_TOWN_MESSAGE } from "../../shared/form-rules";
import { AuditAction, AuditItemType } from "../audit/audit-entry.entity";
import { type AuditService, changedFields } from "../audit/audit.service";
import type { LinkTokenService } from "../auth/link-token.service";
import type { SessionService } from "../auth/session.service";
import type { ThrottleService } from "../auth/throttle.service";
import { clean, cleanOptional, requireText } from "../common/clean-text";
import type { AddressService } from "../geo/address.service";
import type { GeoService } from "../geo/geo.service";
import type { Mailer } from "../mail/mailer";
import type { SheetHandOverService } from "../sheets/sheet-hand-over";
import { mailTemplates } from "../mail/templates";
import { type Network, Role, ROLE_LABELS, UserStatus } from "../reference/reference.data";
import { countJoinRequest } from "./join-limits";
import { isErased, type PersonalDataService } from "./personal-data.service";
import { User } from "./user.entity";
import { type JoinInput, type UserInput, type UserSearchInput } from "./user.inputs";
import { usersCsv } from "./users.csv";
import { type AccountPage, searchAccounts } from "../search/account-search";

export { EMAIL_TAKEN_MESSAGE };
/** An address another account uses: said under the form's e-mail field. */
const emailTaken = () => new ConflictError(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
/** The unique index that keeps one account per address (InitialSchema). */
const EMAIL_INDEX = { index: "UQ_users_email", table: "users", column: "email" };

export type UserSearchResult = AccountPage;

interface UserServiceDeps {
  dataSource: DataSource;
  geo: GeoService;
  /** Finds the town of a request sent without one, from its address. */
  addresses: Pick<AddressService, "townOfAddress">;
  mailer: Mailer;
  tokens: LinkTokenService;
  sessions: SessionService;
  throttle: ThrottleService;
  publicUrl: string;
  contactEmail: string;
  audit: AuditService;
  /** Erases an account's personal data (at once, when the person asks: `remove(…, { erase })`). */
  personalData: Pick<PersonalDataService, "eraseAccount">;
  /** Hands the sheets of a deleted account over (`remove(…, { handSheetsTo })`). */
  sheets: Pick<SheetHandOverService, "recipient" | "handOver">;
}

/** The fields of an account the audit trail names when they change (never its password). */
const AUDITED_USER_FIELDS = [
  "name",
  "surname",
  "email",
  "phone",
  "mobile",
  "role",
  "status",
  "expiration",
  "networks",
  "justify",
  "fullAddress",
  "city",
  "epci",
] as const satisfies readonly (keyof User)[];

const NOT_FOUND = "Cet utilisateur est introuvable.";

/** Accounts: partner requests, and their administration. Passwords are in auth/, the contact form in contact/. */
export class UserService {
  private readonly users: Repository<User>;

  constructor(private readonly deps: UserServiceDeps) {
    this.users = deps.dataSource.getRepository(User);
  }

  /** Whether another account than `exceptId` holds this address (a deleted one too: it stays unique). */
  private async emailTaken(email: string, exceptId: string): Promise<boolean> {
    const existing = await this.users.findOneBy({ email });
    return existing !== null && existing.id !== exceptId;
  }

  /**
   * Saves an account; an address another request took in the meantime (two requests checked it
   * at the same moment: a double-click) is refused as a taken one is (409), not a failure.
   */
  private async saved(user: User): Promise<User> {
    try {
      return await this.users.save(user);
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_INDEX)) throw emailTaken();
      throw error;
    }
  }

  /**
   * The id of a new account with this address. A deleted account's address may be used again:
   * the new account takes over its record (its history goes on; what it owned is the returning
   * partner's again). Another account's address is refused (409).
   */
  private async newAccountId(email: string): Promise<string> {
    const existing = await this.users.findOneBy({ email });
    if (existing && existing.status !== UserStatus.DELETED) throw emailTaken();
    return existing?.id ?? randomUUID();
  }

  /** The department's town of this INSEE code; an unknown one is refused. */
  private async knownTown(townCode: string) {
    const town = await this.deps.geo.townByCode(townCode);
    if (!town) throw new ValidationError(UNKNOWN_TOWN_MESSAGE, { townCode: UNKNOWN_TOWN_MESSAGE });
    return town;
  }

  /**
   * A partner request: a LOCAL account, and a message to the administrators. Without a town
   * (the legacy payload has none), it is found from the address: by its postcode or its name in
   * the town list, else by the address service when it answers; otherwise the administrator may
   * give it when validating the request, or later (« Commune à préciser »). Each request from
   * `ip` counts against the limits of join-limits.ts first, whatever it answers after.
   */
  async join(input: JoinInput, ip: string): Promise<User> {
    const email = input.email.trim().toLowerCase();
    await countJoinRequest(this.deps.throttle, ip, email);
    const fields = { name: clean(input.name), surname: clean(input.surname), justify: input.justify.trim() };
    requireText(fields, { name: REQUIRED.name, surname: REQUIRED.surname, justify: REQUIRED.justify });
    const townCode = input.townCode?.trim();
    const chosen = townCode ? await this.knownTown(townCode) : null;
    const id = await this.newAccountId(email);
    const fullAddress = cleanOptional(input.fullAddress);
    // The town list first (no call out); the address service is best effort: it never throws,
    // and gives up after its time limit.
    const town =
      chosen ??
      (fullAddress
        ? ((await this.deps.geo.townInAddress(fullAddress)) ?? (await this.deps.addresses.townOfAddress(fullAddress)))
        : null);

    // Stored to the second (MySQL's datetime): the answer says what a later read will.
    const now = wholeSeconds(new Date());
    const user = await this.saved(
      Object.assign(new User(), {
        id,
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
        fullAddress,
        city: town?.city ?? null,
        epci: town?.epci ?? null,
        passwordHash: null,
      }),
    );
    await this.trace(ANONYMOUS, user, AuditAction.CREATE, changedFields(null, user, AUDITED_USER_FIELDS));
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
    // Planned and read by the search module (search/account-search.ts).
    return (await searchAccounts(this.deps.dataSource, input)).page;
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
    if (!user || user.status === UserStatus.DELETED) throw new NotFoundError(NOT_FOUND);
    return user;
  }

  /**
   * The fields of a user form, checked; an edited account's address may not be another's
   * (`exceptId`: its id). The town is among them only when the form gives one (`townCode`;
   * null or "": none); absent, it stays as it is.
   */
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
    requireText({ name: fields.name, surname: fields.surname }, { name: REQUIRED.name, surname: REQUIRED.surname });
    const dateError = expirationError(fields.expiration);
    if (dateError) throw new ValidationError(dateError, { expiration: dateError });
    if (exceptId && (await this.emailTaken(fields.email, exceptId))) throw emailTaken();
    if (input.townCode === undefined) return fields;
    const code = input.townCode?.trim();
    const town = code ? await this.knownTown(code) : null;
    return { ...fields, city: town?.city ?? null, epci: town?.epci ?? null };
  }

  /** An account created by an administrator: PENDING, and e-mailed a set-password link. */
  async create(viewer: Viewer, input: UserInput): Promise<User> {
    requireAdmin(viewer);
    const fields = await this.checkedFields(input);
    const id = await this.newAccountId(fields.email);
    // Stored to the second (MySQL's datetime): the answer says what a later read will.
    const now = wholeSeconds(new Date());
    const user = await this.saved(
      Object.assign(new User(), {
        id,
        status: UserStatus.PENDING,
        createdAt: now,
        updatedAt: now,
        justify: null,
        fullAddress: null,
        city: null,
        epci: null,
        passwordHash: null,
        ...fields,
      }),
    );
    await this.trace(viewer, user, AuditAction.CREATE, changedFields(null, user, AUDITED_USER_FIELDS));
    const link = await this.deps.tokens.issueLink(user.id, "SET_PASSWORD");
    await this.deps.mailer.send({
      to: user.email,
      ...mailTemplates.accountReady(this.deps.publicUrl, user, link, false),
    });
    return user;
  }

  async update(viewer: Viewer, id: string, input: UserInput): Promise<User> {
    requireAdmin(viewer);
    const user = await this.users.findOneBy({ id });
    if (!user || user.status === UserStatus.DELETED) throw new NotFoundError(NOT_FOUND);
    const fields = await this.checkedFields(input, id);
    const refusal = roleChangeRefusal(viewer, user, fields.role, await this.isLastAdmin(user));
    if (refusal) throw new ForbiddenError(refusal);
    const before = { ...user };
    Object.assign(user, fields, { updatedAt: new Date() });
    const saved = await this.saved(user);
    await this.trace(viewer, saved, AuditAction.UPDATE, changedFields(before, saved, AUDITED_USER_FIELDS));
    return saved;
  }

  /**
   * Validates a partner request: LOCAL becomes PENDING and receives its set-password link.
   * `townCode`, the administrator's choice, gives the partner's town (replacing the request's).
   * Without it, a request without a town takes the one its address names in the town list (read
   * again: the list may know more than when it was sent); else it is validated without, its town
   * to be given later in the account's form (« Commune à préciser »), as the spec's call, with no
   * body, must succeed. A request without an expiration gets the default one, unless the
   * administrator left it blank on purpose (`defaultExpiration: false`: the form showed the
   * default and it was cleared).
   */
  async accept(
    viewer: Viewer,
    id: string,
    townCode?: string | null,
    { defaultExpiration: withDefault = true }: { defaultExpiration?: boolean } = {},
  ): Promise<User> {
    requireAdmin(viewer);
    const user = await this.users.findOneBy({ id });
    if (!user || user.status === UserStatus.DELETED) throw new NotFoundError(NOT_FOUND);
    if (!isWaitingRequest(user)) throw new ConflictError("Cette demande a déjà été validée.");
    const before = { ...user };
    const code = townCode?.trim();
    if (code) {
      const town = await this.knownTown(code);
      Object.assign(user, { city: town.city, epci: town.epci });
    } else if (!user.city && user.fullAddress) {
      const town = await this.deps.geo.townInAddress(user.fullAddress);
      if (town) Object.assign(user, { city: town.city, epci: town.epci });
    }
    user.status = UserStatus.PENDING;
    if (withDefault) user.expiration ??= defaultExpiration();
    user.updatedAt = new Date();
    await this.users.save(user);
    await this.trace(viewer, user, AuditAction.UPDATE, changedFields(before, user, AUDITED_USER_FIELDS));
    const link = await this.deps.tokens.issueLink(user.id, "SET_PASSWORD");
    await this.deps.mailer.send({
      to: user.email,
      ...mailTemplates.accountReady(this.deps.publicUrl, user, link, true),
    });
    return user;
  }

  /**
   * Soft delete: the account becomes DELETED and is signed out everywhere; its personal data
   * are erased twelve months later (PersonalDataService), or at once with `erase` (the person
   * asked). A deleted account not yet erased may still be erased at once. The sheets it owns
   * alone go to `handSheetsTo`, or to the administrators when none is named (the legacy REST
   * call names none: no sheet is left with an account that no longer exists); those it shares
   * lose it. The hand-over and the deletion are one transaction.
   */
  async remove(
    viewer: Viewer,
    id: string,
    { erase = false, handSheetsTo = null }: { erase?: boolean; handSheetsTo?: string | null } = {},
  ): Promise<void> {
    requireAdmin(viewer);
    const user = await this.users.findOneBy({ id });
    const deleted = user?.status === UserStatus.DELETED;
    if (!user || (deleted && (!erase || isErased(user)))) throw new NotFoundError(NOT_FOUND);
    const refusal = deletionRefusal(viewer, user, await this.isLastAdmin(user));
    if (refusal) throw new ForbiddenError(refusal);
    const recipient = await this.deps.sheets.recipient(viewer, id, handSheetsTo);
    await this.deps.dataSource.transaction(async (manager) => {
      // An account deleted before this hand-over existed may still hold sheets: they go too.
      await this.deps.sheets.handOver(manager, viewer, id, recipient);
      if (deleted) return;
      await manager.update(User, { id }, { status: UserStatus.DELETED, updatedAt: new Date() });
      await this.trace(viewer, user, AuditAction.DELETE, [], manager);
    });
    if (!deleted) {
      await this.deps.sessions.closeAllOf(id);
      // A link e-mailed before (set or reset a password) opens nothing once the account returns.
      await this.deps.tokens.revokeAll(id);
    }
    if (erase) await this.deps.personalData.eraseAccount(id, new Date());
  }

  private trace(viewer: Viewer, user: User, action: AuditAction, fields: string[], manager?: EntityManager) {
    return this.deps.audit.record(
      viewer,
      { itemType: AuditItemType.USER, itemId: user.id, itemLabel: `${user.surname} ${user.name}`, action, fields },
      manager,
    );
  }

  /** Whether this account is the only active (confirmed or pending) administrator. */
  private async isLastAdmin(user: User): Promise<boolean> {
    if (user.role !== Role.ADMIN) return false;
    const others = await this.users
      .createQueryBuilder("u")
      .where("u.role = :role", { role: Role.ADMIN })
      .andWhere("u.status IN (:...statuses)", { statuses: [UserStatus.CONFIRMED, UserStatus.PENDING] })
      .andWhere("u.id <> :id", { id: user.id })
      .getCount();
    return others === 0;
  }
}
