import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing for better-auth, in its own stored format (`<salt hex>:<key hex>`, scrypt of the
 * NFKC-normalised password), so that accounts hashed by either verify with the other.
 *
 * `standard` is better-auth's own cost (N = 2^14, r = 16: ~32 MiB and tens of milliseconds a hash).
 * `test` is for the test suites only (NODE_ENV=test, config.ts): they make several hundred accounts
 * and sign each in, and at the standard cost those hashes were minutes of a CI run. Hashing itself
 * is still exercised, with the same code and format.
 */
export type PasswordHashCost = 'standard' | 'test';

const costs: Record<PasswordHashCost, { N: number; r: number; p: number }> = {
  standard: { N: 16384, r: 16, p: 1 },
  test: { N: 16, r: 1, p: 1 },
};
const keyLength = 64;

function deriveKey(password: string, salt: string, cost: PasswordHashCost): Promise<Buffer> {
  const { N, r, p } = costs[cost];
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export function passwordHasher(cost: PasswordHashCost) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await deriveKey(password, salt, cost)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await deriveKey(password, salt, cost);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
