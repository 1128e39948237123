import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { createMailer } from '../integrations/mail/mail.client';
import { loadOrCreateKey } from './secret-box';

// The data folder holds the database, the secrets key and the outbox of mails with sign-in links:
// other accounts on the machine must not read them, so each folder the server creates is 0700.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-folders-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;
const quiet = { info: () => {}, error: () => {} };

describe('folders the server creates are owner-only (0700)', () => {
  it('the data folder, created by the lock of a PGlite server', () => {
    const dataDir = path.join(root, 'lock', 'data');
    const release = acquireDataDirLock(dataDir);
    release();
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('the data folder, created with the generated secrets key', () => {
    const dataDir = path.join(root, 'key', 'data');
    loadOrCreateKey(undefined, dataDir, 'secrets.key');
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('the mail outbox', async () => {
    const outboxDir = path.join(root, 'mail', 'outbox');
    const mailer = createMailer({ from: 'CareLoop <no-reply@careloop.test>', outboxDir, log: quiet });
    await mailer.send({ to: 'ana@example.test', subject: 'Reset', text: 'link' });
    expect(modeOf(outboxDir)).toBe(0o700);
  });

  it("PGlite's database folder", async () => {
    const dataDir = path.join(root, 'pglite', 'data', 'pglite');
    // Started from the suite's migrated snapshot: a fresh initdb costs tens of seconds and makes the
    // folder the same way.
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshotPath') ?? '')]);
    const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: snapshot });
    await database.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.dirname(dataDir))).toBe(0o700);
  });
});
