import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * The embedded database as one gzip'd tar of its folder (PGlite's own format), taken inside the
 * process that has it open. The checkpoint waits for open transactions (PGlite runs one at a time)
 * and flushes the buffers; the archive holds only DATA_DIR/pglite, never the key files beside it.
 */
export async function dumpPglite(pglite: PGlite): Promise<Uint8Array> {
  await pglite.exec('CHECKPOINT');
  const blob = await pglite.dumpDataDir('gzip');
  return new Uint8Array(await blob.arrayBuffer());
}

const gzipMagic = [0x1f, 0x8b];
const pgDumpMagic = Buffer.from('PGDMP');

export type BackupFormat = 'pglite' | 'postgres';

/** A PGlite archive starts like any gzip file; pg_dump's custom format with "PGDMP". */
export function detectBackupFormat(file: string): BackupFormat | null {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head[0] === gzipMagic[0] && head[1] === gzipMagic[1]) return 'pglite';
    if (head.equals(pgDumpMagic)) return 'postgres';
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
