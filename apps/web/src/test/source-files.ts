import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The web app's own source folder, which the guard tests read. */
const webSourceRoot = join(__dirname, '..');

/** The `.ts`/`.tsx` files below `dir` that ship (tests and test helpers left out), with their text. */
export function shippedSources(
  dir: string = webSourceRoot,
  ending: RegExp = /\.tsx?$/,
): { file: string; source: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : shippedSources(path, ending);
    if (!ending.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts'))
      return [];
    return [{ file: relative(webSourceRoot, path), source: readFileSync(path, 'utf8') }];
  });
}
