import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const compiledServer = path.join(root, 'apps/server/dist/server.mjs');

/**
 * Starts the compiled server as `npm start` runs it (`npm run build:server` first), or another
 * script answering GET /api/ready (a bench's bare process), and answers how long it took to be ready.
 */
export async function startServer(env: Record<string, string>, port: number, script = compiledServer) {
  if (script === compiledServer) buildServerIfStale();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not up yet
    }
    // Every 10 ms: at 50 a start read up to 50 ms late, the size of the differences cold-start looks for.
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = Math.round(performance.now() - started);
  return {
    url,
    readyMs,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

let built = false;

/** Once per bench process: the compiled server of the current sources (not counted in start times). */
function buildServerIfStale() {
  if (built) return;
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm run build:server failed');
  built = true;
}
