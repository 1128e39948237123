import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string | null;
  }
}

/**
 * Migrates once. On PostgreSQL (TEST_DATABASE_URL) every test file shares the migrated database;
 * on PGlite the migrated folder is dumped once and every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ kind: 'postgres', url, max: 1 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('pgliteSnapshotPath', null);
    return;
  }
  const handle = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-snapshot-'));
  const snapshotPath = path.join(dir, 'migrated.tar.gz');
  fs.writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotPath', snapshotPath);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
