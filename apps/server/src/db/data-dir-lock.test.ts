import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-lock-'));

describe('acquireDataDirLock', () => {
  it('writes our pid with mode 0600 and removes it on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    const lockPath = path.join(dir, 'server.lock');
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    expect(fs.statSync(lockPath).mode & 0o777).toBe(0o600);
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses a folder held by another live process, with a clear message', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another CareLoop process/);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), '2147483000');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
