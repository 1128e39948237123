import fs from 'node:fs';

/**
 * Creates a folder (and its missing parents) readable by this account only (0700): the data
 * folder holds the database, the secrets key and mails with sign-in links. A folder that already
 * exists keeps the mode its operator gave it.
 */
export function makePrivateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}
