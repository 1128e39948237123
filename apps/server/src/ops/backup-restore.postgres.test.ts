import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { executeRows } from '../db/execute-rows';
import { SecretBox } from '../lib/secret-box';
import { readSecret } from '../modules/secrets/secrets.service';
import { buildClinicWithSecret } from '../testing/build-clinic-with-secret';
import { createScratchDatabase } from '../testing/scratch-database';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeBackup } from './backup';
import { restoreBackup } from './restore';

// Runs in the PostgreSQL suite only (vitest.config.ts), where TEST_DATABASE_URL is set.
const sourceUrl = process.env.TEST_DATABASE_URL ?? '';

/** Rows of one clinic in every table that has `clinic_id`: other test files write to the same database meanwhile. */
async function clinicRowCounts(db: Database, clinicId: string) {
  const tables = await executeRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'clinic_id' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await executeRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)} where clinic_id = ${clinicId}`,
    );
    counts[table] = Number(row!.count);
  }
  return counts;
}

describe('backup and restore on PostgreSQL (pg_dump, pg_restore)', { timeout: 180_000 }, () => {
  const backupsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-pg-backups-'));
  let t: TestApp;
  let target: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    t = await createTestApp();
    target = await createScratchDatabase(sourceUrl, { migrate: false });
  });
  afterAll(async () => {
    await t?.close();
    await target?.drop();
    fs.rmSync(backupsDir, { recursive: true, force: true });
  });

  it('restores into a new database every row of the clinic, and the saved secret opens with the key', async () => {
    const seeded = await buildClinicWithSecret(t, 4);
    const countsAtBackup = await clinicRowCounts(t.db, seeded.clinicId);
    expect(countsAtBackup).toMatchObject({ patients: 4, secrets: 1, clinic_users: 1 });
    const env = { NODE_ENV: 'test', DATA_DIR: backupsDir, SECRETS_KEY: t.config.secretsKeyHex! };

    const backup = await makeBackup(loadConfig({ ...env, DATABASE_URL: sourceUrl }), {
      out: path.join(backupsDir, 'db.pgdump'),
    });
    expect(backup).toMatchObject({ format: 'postgres', madeBy: 'pg_dump' });
    expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(backup.file).includes(Buffer.from(t.config.secretsKeyHex!))).toBe(false);

    const intoTarget = loadConfig({ ...env, DATABASE_URL: target.url });
    const result = await restoreBackup(intoTarget, { from: backup.file });
    expect(result.format).toBe('postgres');
    expect(result.counts.patients).toBeGreaterThanOrEqual(4);
    // Other test files' secrets were sealed under their own keys; this clinic's opens.
    expect(result.secrets!.total).toBeGreaterThan(result.secrets!.unreadable);

    const restored = await openDatabase({ kind: 'postgres', url: target.url, max: 1 });
    try {
      expect(await clinicRowCounts(restored.db, seeded.clinicId)).toEqual(countsAtBackup);
      const box = new SecretBox(Buffer.from(t.config.secretsKeyHex!, 'hex'));
      expect(await readSecret({ db: restored.db, secretBox: box }, seeded.clinicId, seeded.secret.name)).toBe(
        seeded.secret.value,
      );
    } finally {
      await restored.close();
    }

    // The target now has tables: a second restore must be asked for.
    await expect(restoreBackup(intoTarget, { from: backup.file })).rejects.toThrow(/already has tables/);
  });
});
