/** Spec §5: at least 6 characters and at least two of lowercase, uppercase, digit. The server applies the same rule. */
export function isStrongPassword(password: string): boolean {
  if (password.length < 6) return false;
  return [/[a-z]/, /[A-Z]/, /\d/].filter((pattern) => pattern.test(password)).length >= 2;
}

export const WEAK_PASSWORD = "Mot de passe trop faible";

export const PASSWORD_HINT =
  "Au moins 6 caractères, dont au moins deux types parmi : minuscules, majuscules, chiffres. Les caractères spéciaux sont acceptés.";
