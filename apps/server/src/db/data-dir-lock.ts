import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder } from '../lib/private-folder';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes and two writers corrupt the folder, so one server holds
 * DATA_DIR/server.lock (its pid) for its lifetime. A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  makePrivateFolder(dataDir);
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another CareLoop process (pid ${holder}). ` +
            'The embedded database serves one process; stop the other one, or set DATABASE_URL to use PostgreSQL for several processes.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
