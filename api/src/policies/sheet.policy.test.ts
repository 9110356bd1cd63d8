import { describe, expect, it } from "vitest";
import { ANONYMOUS, viewerOf } from "./viewer";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import {
  canCreateSheetFor,
  canEditSheet,
  sheetEditRefusal,
  canListSheetsOf,
  canOwnSheets,
  canSeeSheetOwner,
  CONTENT_CREATOR_REFUSED,
  OWNER_REFUSED,
  canReceiveSheets,
  sheetCreationRefusal,
  SHEETS_RECIPIENT_REFUSED,
  sheetHandOverRefusal,
} from "./sheet.policy";

const account = (id: string, role: Role, status = UserStatus.CONFIRMED) =>
  Object.assign(new User(), { id, role, status, networks: [] });

describe("service policies", () => {
  it("lets professional partners and admins, pending or confirmed, own services", () => {
    expect(canOwnSheets(account("a", Role.FULL_PARTNER))).toBe(true);
    expect(canOwnSheets(account("a", Role.ADMIN, UserStatus.PENDING))).toBe(true);
    expect(canOwnSheets(account("a", Role.NEWS_PARTNER))).toBe(false);
    expect(canOwnSheets(account("a", Role.FULL_PARTNER, UserStatus.LOCAL))).toBe(false);
  });

  it("lets an admin create for such an account, a partner for themself only", () => {
    const partner = account("p", Role.FULL_PARTNER);
    expect(canCreateSheetFor(viewerOf(account("x", Role.ADMIN)), partner)).toBe(true);
    expect(canCreateSheetFor(viewerOf(partner), partner)).toBe(true);
    expect(canCreateSheetFor(viewerOf(account("q", Role.FULL_PARTNER)), partner)).toBe(false);
    expect(canCreateSheetFor(viewerOf(account("n", Role.NEWS_PARTNER)), account("n", Role.NEWS_PARTNER))).toBe(false);
    expect(canCreateSheetFor(ANONYMOUS, partner)).toBe(false);
  });

  it("lets members and admins edit, and lists by owner for self or admin", () => {
    const service = { userIds: ["p", "co"] };
    expect(canEditSheet(viewerOf(account("co", Role.FULL_PARTNER)), service)).toBe(true);
    expect(canEditSheet(viewerOf(account("other", Role.FULL_PARTNER)), service)).toBe(false);
    // A member whose account became a content creator's no longer manages it.
    expect(canEditSheet(viewerOf(account("co", Role.NEWS_PARTNER)), service)).toBe(false);
    expect(canEditSheet(viewerOf(account("admin", Role.ADMIN)), service)).toBe(true);
    expect(canEditSheet(ANONYMOUS, service)).toBe(false);
    expect(canListSheetsOf(viewerOf(account("p", Role.FULL_PARTNER)), "p")).toBe(true);
    expect(canListSheetsOf(viewerOf(account("p", Role.FULL_PARTNER)), "q")).toBe(false);
    expect(canListSheetsOf(ANONYMOUS, "p")).toBe(false);
  });

  it("says why a service cannot be changed: not theirs, or theirs on a content creator's account", () => {
    const service = { userIds: ["owner", "co"] };
    expect(sheetEditRefusal(viewerOf(account("co", Role.FULL_PARTNER)), service, "modifier")).toBeNull();
    expect(sheetEditRefusal(viewerOf(account("other", Role.FULL_PARTNER)), service, "supprimer")).toBe(
      "Vous ne pouvez supprimer que vos propres services.",
    );
    expect(sheetEditRefusal(viewerOf(account("co", Role.NEWS_PARTNER)), service, "modifier")).toBe(
      "Votre compte est celui d'un créateur de contenu : seuls les comptes professionnels (gestionnaires de service) et les administrateurs peuvent modifier les fiches de service.",
    );
  });

  it("says why a service cannot be created", () => {
    const partner = account("p", Role.FULL_PARTNER);
    expect(sheetCreationRefusal(viewerOf(partner), partner)).toBeNull();
    expect(sheetCreationRefusal(viewerOf(account("q", Role.FULL_PARTNER)), partner)).toBe(
      "Vous ne pouvez créer un service que pour votre propre compte.",
    );
    expect(sheetCreationRefusal(viewerOf(account("x", Role.ADMIN)), account("n", Role.NEWS_PARTNER))).toBe(
      OWNER_REFUSED,
    );
    const creator = account("n", Role.NEWS_PARTNER);
    expect(sheetCreationRefusal(viewerOf(creator), creator)).toBe(CONTENT_CREATOR_REFUSED);
  });

  it("shows a service's owner to its members and administrators", () => {
    const service = { userIds: ["p"] };
    expect(canSeeSheetOwner(viewerOf(account("p", Role.FULL_PARTNER)), service)).toBe(true);
    expect(canSeeSheetOwner(viewerOf(account("admin", Role.ADMIN)), service)).toBe(true);
    expect(canSeeSheetOwner(viewerOf(account("q", Role.FULL_PARTNER)), service)).toBe(false);
    expect(canSeeSheetOwner(ANONYMOUS, service)).toBe(false);
  });

  it("lets an administrator hand a deleted account's sheets to an active account that may own them", () => {
    const admin = viewerOf(account("x", Role.ADMIN));
    const partner = account("p", Role.FULL_PARTNER);
    expect(canReceiveSheets(partner)).toBe(true);
    expect(canReceiveSheets(account("a", Role.ADMIN, UserStatus.PENDING))).toBe(true);
    expect(canReceiveSheets(Object.assign(account("e", Role.FULL_PARTNER), { expiration: "2020-01-01" }))).toBe(false);
    expect(canReceiveSheets(account("n", Role.NEWS_PARTNER))).toBe(false);
    expect(canReceiveSheets(account("d", Role.FULL_PARTNER, UserStatus.DELETED))).toBe(false);
    expect(sheetHandOverRefusal(admin, "leaving", partner)).toBeNull();
    expect(sheetHandOverRefusal(admin, "p", partner)).toBe(SHEETS_RECIPIENT_REFUSED);
    expect(sheetHandOverRefusal(admin, "leaving", account("n", Role.NEWS_PARTNER))).toBe(SHEETS_RECIPIENT_REFUSED);
    expect(sheetHandOverRefusal(viewerOf(account("q", Role.FULL_PARTNER)), "leaving", partner)).not.toBeNull();
    expect(sheetHandOverRefusal(ANONYMOUS, "leaving", partner)).not.toBeNull();
  });
});
