import type { PasswordHasher } from '@evident/core/ports/auth';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor (19 MiB, 2 passes); @node-rs/argon2 defaults to argon2id.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };

export function createPasswordHasher(): PasswordHasher {
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    async verifyNothing(password) {
      decoy ??= hash('decoy-password-for-timing', options);
      await verify(await decoy, password).catch(() => false);
    },
  };
}
