import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { readExistingKey, SecretBox } from '../lib/secret-box';
import { reencryptAllSecrets } from '../modules/secrets/secrets-key.service';
import { OperatorRefusal } from './backup';
import { serverIsRunning } from './control-socket';
import { pgliteFolder } from './pglite-archive';

const keyFileName = 'secrets.key';

/**
 * Re-seals every saved secret under a new key in one transaction. The old key is the one in use
 * (SECRETS_KEY, else DATA_DIR/secrets.key); the new one comes from NEW_SECRETS_KEY, never from the
 * command line (shell history, `ps`). Without SECRETS_KEY the key file is replaced: the new key is
 * generated unless given, written beside it first and renamed over it once the transaction commits;
 * the old key file is first copied to `secrets.key.<UTC time>` (owner-only): backups made before
 * the rotation open only with it.
 */
export async function rotateSecretsKey(config: AppConfig, options: { newKeyHex?: string; now?: () => Date }) {
  const oldKey = readExistingKey(config.secretsKeyHex, config.dataDir, keyFileName);
  if (!oldKey)
    throw new OperatorRefusal(
      'No secrets key is set (SECRETS_KEY or DATA_DIR/secrets.key): nothing to rotate.',
    );
  if (options.newKeyHex !== undefined && !/^[0-9a-fA-F]{64}$/.test(options.newKeyHex))
    throw new OperatorRefusal('NEW_SECRETS_KEY must be 64 hex characters (openssl rand -hex 32)');
  const usesKeyFile = !config.secretsKeyHex;
  if (!usesKeyFile && options.newKeyHex === undefined)
    throw new OperatorRefusal(
      'The key comes from SECRETS_KEY: give the new one in NEW_SECRETS_KEY (openssl rand -hex 32), then put it in SECRETS_KEY.',
    );
  const newKey = options.newKeyHex ? Buffer.from(options.newKeyHex, 'hex') : randomBytes(32);
  if (newKey.equals(oldKey)) throw new OperatorRefusal('NEW_SECRETS_KEY is the key in use');

  let release = () => {};
  if (config.database.kind === 'pglite') {
    if (await serverIsRunning(config.dataDir))
      throw new OperatorRefusal(`A CareLoop server is running on ${config.dataDir}: stop it, then rotate.`);
    release = acquireDataDirLock(config.dataDir);
  }
  const newKeyFile = path.join(config.dataDir, `${keyFileName}.new`);
  try {
    const database = await openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url, max: 1 }
        : { kind: 'pglite', dataDir: pgliteFolder(config.dataDir) },
    );
    try {
      if (usesKeyFile) writeNewKeyFile(newKeyFile, newKey);
      // Copied before anything changes, so a failed copy leaves the database as it was.
      const keyFile = path.join(config.dataDir, keyFileName);
      let previousKeyFile: string | null = null;
      try {
        if (usesKeyFile)
          previousKeyFile = keepPreviousKeyFile(keyFile, (options.now ?? (() => new Date()))());
        const { reencrypted } = await reencryptAllSecrets(
          database.db,
          new SecretBox(oldKey),
          new SecretBox(newKey),
        );
        if (!usesKeyFile) return { reencrypted, keyFile: null, previousKeyFile: null };
        fs.renameSync(newKeyFile, keyFile);
        return { reencrypted, keyFile, previousKeyFile };
      } catch (error) {
        if (usesKeyFile) fs.rmSync(newKeyFile, { force: true });
        if (previousKeyFile) fs.rmSync(previousKeyFile, { force: true });
        throw error;
      }
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

function writeNewKeyFile(file: string, key: Buffer) {
  try {
    fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new OperatorRefusal(
      `${file} is left from an interrupted rotation: see docs/deploy.md "Rotating the secrets key" before running it again.`,
    );
  }
}

/** A copy of the key file about to be replaced, `secrets.key.2026-11-28T02-30-05Z`, mode 0600. */
function keepPreviousKeyFile(keyFile: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  const copy = `${keyFile}.${stamp}`;
  fs.copyFileSync(keyFile, copy, fs.constants.COPYFILE_EXCL);
  fs.chmodSync(copy, 0o600);
  return copy;
}
