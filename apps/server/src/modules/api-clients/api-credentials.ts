import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Client secrets and bearer tokens: 256 random bits, shown once, stored as SHA-256 digests.

export const newClientId = () => `clk_${randomBytes(12).toString('base64url')}`;
export const newClientSecret = () => `cls_${randomBytes(32).toString('base64url')}`;
export const newAccessToken = () => `clat_${randomBytes(32).toString('base64url')}`;

export const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Compares a presented secret with a stored digest in constant time. */
export function matchesDigest(presented: string, storedHex: string): boolean {
  const a = Buffer.from(digest(presented), 'hex');
  const b = Buffer.from(storedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
