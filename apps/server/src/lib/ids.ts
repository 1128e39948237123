import { randomFillSync } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

// Random bytes drawn 4 KiB at a time: one `randomBytes` call per id cost a native job each, several
// per request (request id, audit rows), a measurable share of a short request's CPU.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A short random id with a readable prefix, e.g. `cas_k3j9x0q2m1ab`. */
export function newId(prefix: string, length = 14): string {
  if (length > pool.length) throw new RangeError(`an id of ${length} characters is longer than the pool`);
  if (used + length > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  let out = '';
  for (let i = used; i < used + length; i++) out += alphabet[pool[i]! % alphabet.length];
  used += length;
  return `${prefix}_${out}`;
}
