import { describe, expect, it } from "vitest";
import { isStrongPassword } from "./password-rule";

describe("password rule (client side)", () => {
  it.each([
    ["abc12", false],
    ["abcdef", false],
    ["abc123", true],
    ["Abcdef", true],
    ["!!!!!!A1", true],
  ])("%s → %s", (password, strong) => expect(isStrongPassword(password)).toBe(strong));
});
