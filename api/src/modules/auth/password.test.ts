import { describe, expect, it } from "vitest";
import { hashPassword, isStrongPassword, verifyPassword } from "./password";

describe("password rule", () => {
  it.each([
    ["abc12", false], // too short
    ["abcdef", false], // one class
    ["ABCDEF", false],
    ["123456", false],
    ["abc123", true],
    ["Abcdef", true],
    ["ABC123", true],
    ["ab!@#$C", true],
  ])("%s → %s", (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("Secret12");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "Secret12")).toBe(true);
    expect(await verifyPassword(hash, "secret12")).toBe(false);
    expect(await verifyPassword("not-a-hash", "Secret12")).toBe(false);
  });
});
