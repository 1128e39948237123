// `npm start`: builds the web app when it is missing and the server when its sources changed, then
// runs the compiled server (migrates, seeds the demo, listens). Nothing is compiled at start-up.
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
  run('npm', ['run', 'build:web', '--silent']);
}
run(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale']);
run(process.execPath, [path.join(root, 'apps/server/dist/server.mjs')]);
