import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { NoRunningServerError, requestBackupFromServer } from './control-socket';
import { type BackupFormat, dumpPglite, pgliteFolder } from './pglite-archive';
import { pgDump } from './postgres-tools';

export class OperatorRefusal extends Error {}

type BackupResult = {
  file: string;
  bytes: number;
  format: BackupFormat;
  /** Who read the database: the running server (through its control socket), this command, or pg_dump. */
  madeBy: 'running server' | 'this command' | 'pg_dump';
};

const extensions: Record<BackupFormat, string> = { pglite: 'tar.gz', postgres: 'pgdump' };

const defaultBackupName = (format: BackupFormat, now: Date) =>
  `careloop-${format}-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.${extensions[format]}`;

/**
 * One file holding the whole database and never the secrets key (that is kept apart, see
 * docs/deploy.md). Written beside its final name with mode 0600 (it holds patient data) and renamed
 * into place only when complete.
 */
export async function makeBackup(config: AppConfig, options: { out?: string; now?: Date } = {}) {
  const format: BackupFormat = config.database.kind;
  const file = path.resolve(options.out ?? defaultBackupName(format, options.now ?? new Date()));
  if (fs.existsSync(file)) throw new OperatorRefusal(`${file} already exists; choose another --out`);
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
  try {
    let madeBy: BackupResult['madeBy'];
    if (config.database.kind === 'postgres') {
      await pgDump(config.database.url, partial);
      madeBy = 'pg_dump';
    } else {
      const dump = await dumpPgliteFolder(config.dataDir);
      fs.writeFileSync(partial, dump.archive);
      madeBy = dump.madeBy;
    }
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, format, madeBy } satisfies BackupResult;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** A running server makes the archive itself; with none, this command holds the lock and reads the folder. */
async function dumpPgliteFolder(dataDir: string) {
  try {
    return { archive: await requestBackupFromServer(dataDir), madeBy: 'running server' as const };
  } catch (error) {
    if (!(error instanceof NoRunningServerError)) throw error;
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const folder = pgliteFolder(dataDir);
    if (!fs.existsSync(path.join(folder, 'PG_VERSION')))
      throw new OperatorRefusal(`There is no database in ${folder}: check DATA_DIR`);
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      return { archive: await dumpPglite(database.pglite!), madeBy: 'this command' as const };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
