import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash";

describe("password hashing", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("Secret12");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "Secret12")).toBe(true);
    expect(await verifyPassword(hash, "secret12")).toBe(false);
    expect(await verifyPassword("not-a-hash", "Secret12")).toBe(false);
  });
});
