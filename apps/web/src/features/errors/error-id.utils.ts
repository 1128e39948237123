/**
 * A short id the user can quote to support, matched to the logged report. Uses
 * getRandomValues because randomUUID is missing outside secure contexts.
 */
export function createErrorId(now: number = Date.now(), random: Uint8Array = randomBytes(4)): string {
  const time = now.toString(36).toUpperCase();
  const suffix = Array.from(random, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return `ERR-${time}-${suffix}`;
}

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}
