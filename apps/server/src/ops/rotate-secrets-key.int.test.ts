import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { SecretBox } from '../lib/secret-box';
import { readSecret } from '../modules/secrets/secrets.service';
import { SecretsKeyMismatchError } from '../modules/secrets/secrets-key.service';
import { buildClinicWithSecret } from '../testing/build-clinic-with-secret';
import { createScratchDatabase } from '../testing/scratch-database';
import { createTestApp } from '../testing/test-app';
import { OperatorRefusal } from './backup';
import { pgliteFolder } from './pglite-archive';
import { rotateSecretsKey } from './rotate-secrets-key';

const hex = () => randomBytes(32).toString('hex');
const box = (keyHex: string) => new SecretBox(Buffer.from(keyHex, 'hex'));

// A rotation touches every clinic's secrets, so on PostgreSQL it runs on a database of its own.
// Each step opens the database anew, as the command does; PGlite takes seconds to open on a busy machine.
describe('npm run rotate-secrets-key', { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-rotate-'));
  const firstKey = hex();
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let saved: Array<{ clinicId: string; secret: { name: string; value: string } }>;
  const envFor = (extra: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...extra,
    });

  beforeAll(async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) scratch = await createScratchDatabase(baseUrl, { migrate: true });
    const t = await createTestApp({ dataDir, databaseUrl: scratch?.url, env: { SECRETS_KEY: firstKey } });
    try {
      saved = [await buildClinicWithSecret(t, 0), await buildClinicWithSecret(t, 0)];
    } finally {
      await t.close();
    }
  });
  afterAll(async () => {
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The saved values as each key reads them (one open of the database: PGlite takes seconds to open). */
  async function readWith(...keys: string[]) {
    const database = await openDatabase(
      scratch
        ? { kind: 'postgres', url: scratch.url, max: 1 }
        : { kind: 'pglite', dataDir: pgliteFolder(dataDir) },
    );
    try {
      const results: Array<Array<string | null>> = [];
      for (const keyHex of keys) {
        const secretBox = box(keyHex);
        results.push(
          await Promise.all(
            saved.map(({ clinicId, secret }) =>
              readSecret({ db: database.db, secretBox }, clinicId, secret.name).catch(() => 'unreadable'),
            ),
          ),
        );
      }
      return results;
    } finally {
      await database.close();
    }
  }
  const values = () => saved.map(({ secret }) => secret.value);

  it('SECRETS_KEY -> NEW_SECRETS_KEY: every clinic secret opens with the new key only', async () => {
    const newKey = hex();
    await expect(rotateSecretsKey(envFor({ SECRETS_KEY: firstKey }), {})).rejects.toThrow(/NEW_SECRETS_KEY/);
    await expect(rotateSecretsKey(envFor({ SECRETS_KEY: firstKey }), { newKeyHex: 'abc' })).rejects.toThrow(
      OperatorRefusal,
    );
    const result = await rotateSecretsKey(envFor({ SECRETS_KEY: firstKey }), { newKeyHex: newKey });
    expect(result).toEqual({ reencrypted: 2, keyFile: null, previousKeyFile: null });
    expect(await readWith(newKey, firstKey)).toEqual([values(), ['unreadable', 'unreadable']]);

    // The wrong old key changes nothing (the next rotation, from newKey, could not succeed otherwise).
    await expect(rotateSecretsKey(envFor({ SECRETS_KEY: firstKey }), { newKeyHex: hex() })).rejects.toThrow(
      SecretsKeyMismatchError,
    );

    // A laptop: the key is the data folder's file, replaced by a generated one.
    fs.writeFileSync(path.join(dataDir, 'secrets.key'), newKey, { mode: 0o600 });
    const rotatedAt = new Date('2026-11-28T02:30:05.123Z');
    const fromFile = await rotateSecretsKey(envFor({}), { now: () => rotatedAt });
    // The old key is kept beside it, owner-only, for the backups it made.
    const previous = path.join(dataDir, 'secrets.key.2026-11-28T02-30-05Z');
    expect(fromFile).toEqual({
      reencrypted: 2,
      keyFile: path.join(dataDir, 'secrets.key'),
      previousKeyFile: previous,
    });
    expect(fs.readFileSync(previous, 'utf8')).toBe(newKey);
    expect(fs.statSync(previous).mode & 0o777).toBe(0o600);
    const fileKey = fs.readFileSync(path.join(dataDir, 'secrets.key'), 'utf8');
    expect(fileKey).toMatch(/^[0-9a-f]{64}$/);
    expect(fileKey).not.toBe(newKey);
    expect(fs.statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, 'secrets.key.new'))).toBe(false);
    expect(await readWith(fileKey, newKey)).toEqual([values(), ['unreadable', 'unreadable']]);
  });
});
