import argon2 from "argon2";
import { describe, expect, it } from "vitest";
import { hashCost, hashPassword, PASSWORD_HASH_COST, TEST_HASH_COST, verifyPassword } from "./password-hash";

describe("password hashing", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("Secret12");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "Secret12")).toBe(true);
    expect(await verifyPassword(hash, "secret12")).toBe(false);
    expect(await verifyPassword("not-a-hash", "Secret12")).toBe(false);
  });

  it("hashes at OWASP's cost everywhere but in the tests", () => {
    for (const nodeEnv of ["production", "development"]) expect(hashCost(nodeEnv)).toBe(PASSWORD_HASH_COST);
    expect(hashCost("test")).toBe(TEST_HASH_COST);
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
  });

  it("verifies a hash made at the full cost (an account created in production)", async () => {
    const hash = await argon2.hash("Secret12", { type: argon2.argon2id, ...PASSWORD_HASH_COST });
    expect(hash).toContain("$m=65536,p=4,t=3$");
    expect(await verifyPassword(hash, "Secret12")).toBe(true);
    expect(await verifyPassword(hash, "Secret13")).toBe(false);
  });
});
