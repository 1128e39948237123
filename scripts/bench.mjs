// `npm run bench`: runs every bench/*.bench.ts one after another (they measure; they never fail a build).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv[2];
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
for (const file of files) {
  console.log(`\n# ${file}`);
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join('bench', file)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) console.log(`(${file} did not finish: exit ${result.status})`);
}
