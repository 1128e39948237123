import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder } from './private-folder';

export type SealedSecret = { ciphertext: string; iv: string; authTag: string };

/** AES-256-GCM with a 32-byte key; a fresh 12-byte IV per value. */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
    this.#key = key;
  }

  seal(plaintext: string, associatedData: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(associatedData));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      ciphertext: ciphertext.toString('base64'),
      iv: iv.toString('base64'),
      authTag: cipher.getAuthTag().toString('base64'),
    };
  }

  open(sealed: SealedSecret, associatedData: string): string {
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(sealed.authTag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/**
 * The key comes from SECRETS_KEY; on a laptop without one, a key is generated once into the data
 * folder (mode 0600) so that restarts can still read what was saved.
 */
export function loadOrCreateKey(hexFromEnv: string | undefined, dataDir: string, fileName: string): Buffer {
  const existing = readExistingKey(hexFromEnv, dataDir, fileName);
  if (existing) return existing;
  const keyPath = path.join(dataDir, fileName);
  makePrivateFolder(dataDir);
  const key = randomBytes(32);
  fs.writeFileSync(keyPath, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** The key in use, without creating one: SECRETS_KEY, else the data folder's key file, else null. */
export function readExistingKey(
  hexFromEnv: string | undefined,
  dataDir: string,
  fileName: string,
): Buffer | null {
  if (hexFromEnv) return Buffer.from(hexFromEnv, 'hex');
  const keyPath = path.join(dataDir, fileName);
  return fs.existsSync(keyPath) ? Buffer.from(fs.readFileSync(keyPath, 'utf8').trim(), 'hex') : null;
}
