import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { executeRows } from '../db/execute-rows';
import { readExistingKey, SecretBox } from '../lib/secret-box';
import { checkSecretsOpen } from '../modules/secrets/secrets-key.service';
import { OperatorRefusal } from './backup';
import { serverIsRunning } from './control-socket';
import { type BackupFormat, detectBackupFormat, pgliteFolder } from './pglite-archive';
import { pgRestore } from './postgres-tools';
import { countRows } from './row-counts';

export type RestoreResult = {
  format: BackupFormat;
  counts: Record<string, number>;
  /** Saved secrets and how many the current key cannot open; null when no key is set. */
  secrets: { total: number; unreadable: number } | null;
  /** Where the replaced embedded database was moved (never deleted). */
  movedAside?: string;
};

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Puts a backup back into the configured database: DATA_DIR/pglite (the server stopped) or
 * DATABASE_URL (best a new, empty database). A database that already has data is replaced only with
 * `replace`; the embedded one is then moved aside, PostgreSQL's objects are dropped and recreated in
 * the restore's one transaction.
 */
export async function restoreBackup(
  config: AppConfig,
  options: { from: string; replace?: boolean; now?: Date },
): Promise<RestoreResult> {
  if (!fs.existsSync(options.from)) throw new OperatorRefusal(`${options.from} does not exist`);
  const format = detectBackupFormat(options.from);
  if (!format) throw new OperatorRefusal(`${options.from} is not a CareLoop backup`);
  if (format !== config.database.kind) {
    throw new OperatorRefusal(
      format === 'postgres'
        ? 'This is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore into'
        : 'This is an embedded-database (PGlite) backup: unset DATABASE_URL and set DATA_DIR to restore it',
    );
  }
  const replace = options.replace ?? false;
  if (config.database.kind === 'postgres') {
    const url = config.database.url;
    await withDatabase({ kind: 'postgres', url, max: 1 }, async (database) => {
      if (!replace && (await hasTables(database)))
        throw new OperatorRefusal(
          'The database in DATABASE_URL already has tables. Restore into a new, empty database (createdb), or pass --replace to drop and replace its contents.',
        );
    });
    await pgRestore(url, options.from, { replace });
    return { format, ...(await inspect(config, { kind: 'postgres', url, max: 1 })) };
  }
  return restorePglite(config, options.from, replace, options.now ?? new Date());
}

async function restorePglite(
  config: AppConfig,
  from: string,
  replace: boolean,
  now: Date,
): Promise<RestoreResult> {
  if (await serverIsRunning(config.dataDir))
    throw new OperatorRefusal(`A CareLoop server is running on ${config.dataDir}: stop it, then restore.`);
  const release = acquireDataDirLock(config.dataDir);
  try {
    const folder = pgliteFolder(config.dataDir);
    let movedAside: string | undefined;
    if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
      if (!replace)
        throw new OperatorRefusal(
          `${folder} already holds a database. Pass --replace to restore over it (it is moved aside, not deleted).`,
        );
      movedAside = `${folder}.before-restore-${stamp(now)}`;
      fs.renameSync(folder, movedAside);
    }
    try {
      const loadDataDir = new Blob([fs.readFileSync(from)]);
      const result = await inspect(config, { kind: 'pglite', dataDir: folder, loadDataDir });
      return { format: 'pglite', ...result, movedAside };
    } catch (error) {
      fs.rmSync(folder, { recursive: true, force: true });
      if (movedAside) fs.renameSync(movedAside, folder);
      throw error;
    }
  } finally {
    release();
  }
}

type OpenOptions = Parameters<typeof openDatabase>[0];

async function withDatabase<T>(options: OpenOptions, use: (database: DatabaseHandle) => Promise<T>) {
  const database = await openDatabase(options);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

async function hasTables(database: DatabaseHandle) {
  const [row] = await executeRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  return Number(row!.count) > 0;
}

/** Row counts, and whether the key in use opens the restored secrets (a backup never holds the key). */
function inspect(config: AppConfig, options: OpenOptions) {
  return withDatabase(options, async (database) => {
    const key = readExistingKey(config.secretsKeyHex, config.dataDir, 'secrets.key');
    return {
      counts: await countRows(database.db),
      secrets: key ? await checkSecretsOpen(database.db, new SecretBox(key)) : null,
    };
  });
}
