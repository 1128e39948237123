import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { SecretBox } from '../lib/secret-box';
import { readSecret } from '../modules/secrets/secrets.service';
import { buildClinicWithSecret } from '../testing/build-clinic-with-secret';
import { buildPatient } from '../testing/build-patient';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeBackup, OperatorRefusal } from './backup';
import { startControlSocket } from './control-socket';
import { dumpPglite, pgliteFolder } from './pglite-archive';
import { restoreBackup } from './restore';
import { countRows } from './row-counts';

// The embedded database only (vitest.config.ts runs it without TEST_DATABASE_URL): PostgreSQL's
// backup is pg_dump's (backup-restore.postgres.test.ts).
// Generous time: each restore opens a PGlite database, seconds on a busy machine.
describe('backup and restore on PGlite', { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-backup-'));
  const backupsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-backups-'));
  const secretsKeyHex = randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRETS_KEY: secretsKeyHex,
    LOG_LEVEL: 'silent',
  });
  let t: TestApp;
  let closed = false;
  let server: Awaited<ReturnType<typeof startControlSocket>>;
  let seeded: Awaited<ReturnType<typeof buildClinicWithSecret>>;
  let countsAtBackup: Record<string, number>;
  let backupFile: string;
  // What a laptop keeps beside the database when SECRETS_KEY is unset; no backup may hold it.
  const keyFileHex = randomBytes(32).toString('hex');

  beforeAll(async () => {
    t = await createTestApp({ dataDir, env: { SECRETS_KEY: secretsKeyHex } });
    fs.writeFileSync(path.join(dataDir, 'secrets.key'), keyFileHex, { mode: 0o600 });
    // As main.ts does: the running server answers `npm run backup` on its control socket.
    server = await startControlSocket(dataDir, { backup: () => dumpPglite(t.deps.database.pglite!) });
  });
  afterAll(async () => {
    if (!closed) {
      await server?.close();
      await t?.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(backupsDir, { recursive: true, force: true });
  });

  it('the running server makes the backup: a snapshot of every table, without the key files', async () => {
    seeded = await buildClinicWithSecret(t, 3);
    countsAtBackup = await countRows(t.db);
    expect(countsAtBackup.patients).toBe(3);
    expect(countsAtBackup.secrets).toBe(1);

    const result = await makeBackup(config, { out: path.join(backupsDir, 'running.tar.gz') });
    backupFile = result.file;
    expect(result).toMatchObject({ format: 'pglite', madeBy: 'running server' });
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const archive = gunzipSync(fs.readFileSync(backupFile)).toString('latin1');
    expect(archive).toContain('PG_VERSION');
    expect(archive).not.toContain('secrets.key');
    expect(archive).not.toContain(keyFileHex);
    expect(archive).not.toContain(secretsKeyHex);
    // Written after the backup: not in it.
    await buildPatient(t, seeded.clinicId, { name: 'After the backup' });
  });

  it('refuses to restore while the server runs, and refuses a PostgreSQL dump', async () => {
    await expect(restoreBackup(config, { from: backupFile, replace: true })).rejects.toThrow(
      /server is running.*stop it/,
    );
    const pgDumpFile = path.join(backupsDir, 'other.pgdump');
    fs.writeFileSync(pgDumpFile, 'PGDMP\x01\x0e\x00');
    await expect(restoreBackup(config, { from: pgDumpFile })).rejects.toThrow(/PostgreSQL backup/);
  });

  it('after the data is wiped, restore brings back every row, and the saved secret opens with the key', async () => {
    await server.close();
    await t.close();
    closed = true;
    fs.rmSync(pgliteFolder(dataDir), { recursive: true, force: true });

    const result = await restoreBackup(config, { from: backupFile });
    expect(result.counts).toEqual(countsAtBackup);
    expect(result.secrets).toEqual({ total: 1, unreadable: 0 });
    expect(result.movedAside).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const restored = await openDatabase({ kind: 'pglite', dataDir: pgliteFolder(dataDir) });
    try {
      const box = new SecretBox(Buffer.from(secretsKeyHex, 'hex'));
      expect(await readSecret({ db: restored.db, secretBox: box }, seeded.clinicId, seeded.secret.name)).toBe(
        seeded.secret.value,
      );
    } finally {
      await restored.close();
    }
  });

  it('replaces an existing database only with --replace (moved aside), and says when the key does not fit', async () => {
    await expect(restoreBackup(config, { from: backupFile })).rejects.toThrow(OperatorRefusal);
    const underAnotherKey = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SECRETS_KEY: randomBytes(32).toString('hex'),
    });
    const result = await restoreBackup(underAnotherKey, { from: backupFile, replace: true });
    expect(result.counts).toEqual(countsAtBackup);
    expect(result.secrets).toEqual({ total: 1, unreadable: 1 });
    expect(result.movedAside).toMatch(/pglite\.before-restore-\d{8}T\d{6}Z$/);
    expect(fs.existsSync(path.join(result.movedAside!, 'PG_VERSION'))).toBe(true);
  });

  it('with the server stopped the command reads the folder itself, unless another process holds it', async () => {
    const result = await makeBackup(config, { out: path.join(backupsDir, 'stopped.tar.gz') });
    expect(result.madeBy).toBe('this command');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // A live process (our parent) holding the lock, with no control socket: a server of an older version.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));
    try {
      await expect(makeBackup(config, { out: path.join(backupsDir, 'locked.tar.gz') })).rejects.toThrow(
        DataDirLockedError,
      );
      expect(fs.existsSync(path.join(backupsDir, 'locked.tar.gz.partial'))).toBe(false);
    } finally {
      fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  });
});
