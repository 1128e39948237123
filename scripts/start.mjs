// `npm start`: builds the web app when it is missing, then runs the server (migrates, seeds the demo, listens).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!fs.existsSync(webIndex) || process.env.REBUILD_WEB === 'true') {
  console.log('Building the web app (first start)...');
  run('npm', ['run', 'build', '--silent']);
}
run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts']);
