import { describe, expect, it } from "vitest";
import { Role, UserStatus } from "../modules/reference/reference.data";
import { User } from "../modules/users/user.entity";
import { canHandleReports, requireReportHandler } from "./report.policy";
import { ANONYMOUS, viewerOf } from "./viewer";

const account = (role: Role) =>
  Object.assign(new User(), { id: role, role, status: UserStatus.CONFIRMED, networks: [] });

describe("who handles error reports", () => {
  it("is administrators only", () => {
    expect(canHandleReports(viewerOf(account(Role.ADMIN)))).toBe(true);
    for (const role of [Role.NEWS_PARTNER, Role.FULL_PARTNER])
      expect(canHandleReports(viewerOf(account(role)))).toBe(false);
    expect(canHandleReports(ANONYMOUS)).toBe(false);
  });

  it("tells a visitor to sign in and a partner they may not", () => {
    expect(() => requireReportHandler(ANONYMOUS)).toThrow(
      expect.objectContaining({ extensions: { code: "UNAUTHENTICATED" } }),
    );
    expect(() => requireReportHandler(viewerOf(account(Role.FULL_PARTNER)))).toThrow(
      expect.objectContaining({ extensions: { code: "FORBIDDEN" } }),
    );
  });
});
