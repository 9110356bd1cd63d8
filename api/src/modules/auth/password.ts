import argon2 from "argon2";

export const MIN_PASSWORD_LENGTH = 6;

/**
 * The portal's strength rule: at least 6 characters and at least two of the
 * three classes lowercase, uppercase, digit (special characters are allowed).
 */
export function isStrongPassword(password: string): boolean {
  if (password.length < MIN_PASSWORD_LENGTH) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((pattern) => pattern.test(password)).length;
  return classes >= 2;
}

export const WEAK_PASSWORD_MESSAGE = "Mot de passe trop faible";

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

export const verifyPassword = (hash: string, password: string): Promise<boolean> =>
  argon2.verify(hash, password).catch(() => false);
