import { describe, expect, it } from "vitest";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import {
  ACCOUNT_REFUSALS,
  canReadUser,
  canSignIn,
  deletionRefusal,
  isExpired,
  isWaitingRequest,
  roleChangeRefusal,
} from "./account.policy";
import { ANONYMOUS, viewerOf } from "./viewer";

const account = (id: string, role: Role, fields: Partial<User> = {}) =>
  Object.assign(new User(), {
    id,
    role,
    status: UserStatus.CONFIRMED,
    networks: [],
    expiration: null,
    passwordHash: "hash",
    ...fields,
  });

const admin = account("admin", Role.ADMIN);
const otherAdmin = account("other-admin", Role.ADMIN);
const partner = account("partner", Role.FULL_PARTNER);

describe("signing in", () => {
  const noon = new Date("2026-11-22T11:00:00Z");

  it("is for confirmed accounts with a password, until the end of their expiration day in Paris", () => {
    expect(canSignIn(partner, noon)).toBe(true);
    expect(canSignIn(account("p", Role.NEWS_PARTNER, { expiration: "2026-11-22" }), noon)).toBe(true);
    expect(canSignIn(account("p", Role.NEWS_PARTNER, { expiration: "2026-11-21" }), noon)).toBe(false);
    expect(canSignIn(account("p", Role.NEWS_PARTNER, { passwordHash: null }), noon)).toBe(false);
    expect(canSignIn(account("p", Role.NEWS_PARTNER, { status: UserStatus.PENDING }), noon)).toBe(false);
    expect(canSignIn(account("p", Role.NEWS_PARTNER, { status: UserStatus.DELETED }), noon)).toBe(false);
  });

  it("counts the expiration day in Paris, not in UTC", () => {
    // 23:30 UTC on the 21st is already the 22nd in Paris.
    expect(isExpired({ expiration: "2026-11-21" }, new Date("2026-11-21T23:30:00Z"))).toBe(true);
    expect(isExpired({ expiration: "2026-11-21" }, new Date("2026-11-21T22:30:00Z"))).toBe(false);
  });
});

describe("reading and validating accounts", () => {
  it("lets administrators and the user themself read a record", () => {
    expect(canReadUser(viewerOf(admin), "partner")).toBe(true);
    expect(canReadUser(viewerOf(partner), "partner")).toBe(true);
    expect(canReadUser(viewerOf(partner), "admin")).toBe(false);
    expect(canReadUser(ANONYMOUS, "partner")).toBe(false);
  });

  it("validates only partner requests still waiting", () => {
    expect(isWaitingRequest({ role: Role.NEWS_PARTNER, status: UserStatus.LOCAL })).toBe(true);
    expect(isWaitingRequest({ role: Role.FULL_PARTNER, status: UserStatus.LOCAL })).toBe(true);
    expect(isWaitingRequest({ role: Role.FULL_PARTNER, status: UserStatus.PENDING })).toBe(false);
    expect(isWaitingRequest({ role: Role.ADMIN, status: UserStatus.LOCAL })).toBe(false);
  });
});

describe("administration limits", () => {
  it("never lets an administrator demote themself, nor demote the last administrator", () => {
    expect(roleChangeRefusal(viewerOf(admin), admin, Role.FULL_PARTNER, false)).toBe(ACCOUNT_REFUSALS.selfDemotion);
    expect(roleChangeRefusal(viewerOf(admin), otherAdmin, Role.NEWS_PARTNER, true)).toBe(ACCOUNT_REFUSALS.lastAdmin);
    expect(roleChangeRefusal(viewerOf(admin), otherAdmin, Role.NEWS_PARTNER, false)).toBeNull();
    expect(roleChangeRefusal(viewerOf(admin), admin, Role.ADMIN, true)).toBeNull();
    expect(roleChangeRefusal(viewerOf(admin), partner, Role.ADMIN, false)).toBeNull();
  });

  it("never lets an administrator delete themself, nor the last administrator", () => {
    expect(deletionRefusal(viewerOf(admin), admin, false)).toBe(ACCOUNT_REFUSALS.selfDeletion);
    expect(deletionRefusal(viewerOf(admin), otherAdmin, true)).toBe(ACCOUNT_REFUSALS.lastAdmin);
    expect(deletionRefusal(viewerOf(admin), otherAdmin, false)).toBeNull();
    expect(deletionRefusal(viewerOf(admin), partner, true)).toBeNull();
  });
});
