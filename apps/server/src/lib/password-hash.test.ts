import { hashPassword, verifyPassword } from '@better-auth/utils/password';
import { describe, expect, it } from 'vitest';
import { passwordHasher } from './password-hash';

describe('passwordHasher', () => {
  const standard = passwordHasher('standard');

  // The contract with better-auth: accounts hashed by its default verify with ours and back, so
  // replacing its hasher (or upgrading it) never locks anyone out.
  it('standard cost reads and writes better-auth default format', async () => {
    const byBetterAuth = await hashPassword('correct-horse');
    expect(await standard.verify({ hash: byBetterAuth, password: 'correct-horse' })).toBe(true);
    expect(await standard.verify({ hash: byBetterAuth, password: 'correct-horsf' })).toBe(false);
    const ours = await standard.hash('correct-horse');
    expect(await verifyPassword(ours, 'correct-horse')).toBe(true);
  });

  it.each([
    ['standard', 'Çağrı-şifre', 'Çağrı-şifre', true],
    ['standard', 'Çağrı-şifre', 'cagri-sifre', false],
    ['test', 'pw-1', 'pw-1', true],
    ['test', 'pw-1', 'pw-2', false],
    // NFKC: the composed and decomposed forms of one password are the same password.
    ['test', 'Espa\u00f1a', 'Espan\u0303a', true],
  ] as const)('%s cost: hash of %j verified with %j is %s', async (cost, stored, given, expected) => {
    const hasher = passwordHasher(cost);
    expect(await hasher.verify({ hash: await hasher.hash(stored), password: given })).toBe(expected);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await standard.verify({ hash: 'not-a-hash', password: 'x' })).toBe(false);
  });

  it('the test cost is not the standard one (a test hash does not verify at the standard cost)', async () => {
    const testHash = await passwordHasher('test').hash('pw');
    expect(await standard.verify({ hash: testHash, password: 'pw' })).toBe(false);
  });
});
