import argon2 from "argon2";

/** Passwords are stored as argon2id hashes; the strength rule is in shared/form-rules.ts. */

/** OWASP's argon2id settings (node-argon2's defaults): 64 MiB, 3 passes, 4 lanes. */
export const PASSWORD_HASH_COST = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/**
 * The tests' cost (NODE_ENV=test, never a deployment's): the same algorithm and code, cheap
 * enough for the thousands of accounts the suite creates and signs in. At the full cost a hash
 * took 0.1 to 0.4 s of a 2-core machine, and the suite several minutes.
 */
export const TEST_HASH_COST = { memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;

export const hashCost = (nodeEnv = process.env.NODE_ENV) => (nodeEnv === "test" ? TEST_HASH_COST : PASSWORD_HASH_COST);

export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id, ...hashCost() });

/** Reads the cost from the hash itself: hashes made at either cost verify. */
export const verifyPassword = (hash: string, password: string): Promise<boolean> =>
  argon2.verify(hash, password).catch(() => false);
