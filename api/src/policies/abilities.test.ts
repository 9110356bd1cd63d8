import { describe, expect, it } from "vitest";
import { Network, Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import { accountAbilities, userRowAbilities } from "./abilities";
import { ANONYMOUS, viewerOf } from "./viewer";

const account = (id: string, role: Role, fields: Partial<User> = {}) =>
  Object.assign(new User(), { id, role, status: UserStatus.CONFIRMED, networks: [] as Network[], ...fields });

describe("what an account may do (the current user's `can`)", () => {
  it("gives visitors nothing", () => {
    expect(accountAbilities(ANONYMOUS)).toEqual({
      publish: false,
      ownServices: false,
      manageUsers: false,
      restrictToNetworks: [],
    });
  });

  it("lets content creators publish within their own networks", () => {
    expect(accountAbilities(viewerOf(account("n", Role.NEWS_PARTNER, { networks: [Network.RPE] })))).toEqual({
      publish: true,
      ownServices: false,
      manageUsers: false,
      restrictToNetworks: [Network.RPE],
    });
  });

  it("lets professional partners own services, and 'all networks' profiles use every network", () => {
    const can = accountAbilities(viewerOf(account("f", Role.FULL_PARTNER, { networks: [Network.ALL] })));
    expect(can).toMatchObject({ publish: true, ownServices: true, manageUsers: false });
    expect(can.restrictToNetworks).toEqual(Object.values(Network));
  });

  it("lets administrators do everything", () => {
    const can = accountAbilities(viewerOf(account("a", Role.ADMIN)));
    expect(can).toMatchObject({ publish: true, ownServices: true, manageUsers: true });
    expect(can.restrictToNetworks).toHaveLength(Object.values(Network).length);
  });
});

describe("what the user management list offers on a row (`viewerCan`)", () => {
  const admin = viewerOf(account("admin", Role.ADMIN));

  it("offers nothing to anyone but administrators", () => {
    const none = { edit: false, delete: false, accept: false, addService: false };
    expect(userRowAbilities(viewerOf(account("p", Role.FULL_PARTNER)), account("p", Role.FULL_PARTNER))).toEqual(none);
    expect(userRowAbilities(ANONYMOUS, account("p", Role.FULL_PARTNER))).toEqual(none);
  });

  it("offers validation for waiting requests and services for professional accounts", () => {
    expect(userRowAbilities(admin, account("r", Role.FULL_PARTNER, { status: UserStatus.LOCAL }))).toEqual({
      edit: true,
      delete: true,
      accept: true,
      addService: false,
    });
    expect(userRowAbilities(admin, account("p", Role.FULL_PARTNER, { status: UserStatus.PENDING }))).toEqual({
      edit: true,
      delete: true,
      accept: false,
      addService: true,
    });
    expect(userRowAbilities(admin, account("n", Role.NEWS_PARTNER))).toMatchObject({ addService: false });
  });

  it("never offers an administrator to delete their own account", () => {
    expect(userRowAbilities(admin, account("admin", Role.ADMIN))).toEqual({
      edit: true,
      delete: false,
      accept: false,
      addService: true,
    });
  });

  it("offers nothing on a deleted account", () => {
    expect(userRowAbilities(admin, account("d", Role.FULL_PARTNER, { status: UserStatus.DELETED }))).toMatchObject({
      edit: false,
      delete: false,
    });
  });
});
