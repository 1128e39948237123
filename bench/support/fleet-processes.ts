import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { sampleEvery } from './sample-every';

const root = path.resolve(import.meta.dirname, '../..');

/** The compiled server of the current sources, built once if stale (not counted in any figure). */
export function buildServer() {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm run build:server failed');
}

export type RoleProcess = {
  role: string;
  pid: number;
  /** How the process ended before it was stopped (a crash is a finding), or null while it runs. */
  exited: () => string | null;
  stop: () => Promise<void>;
};

/** One compiled server process in a role (web or worker), answered once it logs that it is ready. */
export async function startRole(role: 'web' | 'worker', env: Record<string, string>): Promise<RoleProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env: { ...process.env, SEED_DEMO: 'false', HOST: '127.0.0.1', ...env, ROLE: role, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const errors: string[] = [];
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });
  await new Promise<void>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.includes('CareLoop is ready')) resolve();
      // Job failures are kept for the report (a failed run is a finding, not noise).
      if (line.includes('"level":50') && errors.length < 20) errors.push(line.slice(0, 400));
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  return {
    role,
    pid: child.pid!,
    exited: () => exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (errors.length > 0) console.log(`${role} ${child.pid} logged errors:\n${errors.join('\n')}`);
    },
  };
}

/** CPU seconds (user + system) a process has used, from /proc; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Samples, every second, the CPU used by the bench database's own backends (found in
 * pg_stat_activity; the server's shared background processes are not counted) and by the app's
 * processes; answers the totals over the window.
 */
export function startCpuSampler(databaseUrl: string, appPids: Record<string, number>) {
  const backendStart = new Map<number, number>();
  const backendLast = new Map<number, number>();
  const appStart = Object.fromEntries(Object.entries(appPids).map(([k, pid]) => [k, cpuSeconds(pid)]));
  const appLast = { ...appStart };
  const selfStart = process.cpuUsage();
  const sampler = sampleEvery(databaseUrl, 1000, async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database()',
    );
    for (const { pid } of rows) {
      const cpu = cpuSeconds(pid);
      if (!backendStart.has(pid)) backendStart.set(pid, cpu);
      if (cpu > 0) backendLast.set(pid, cpu);
    }
    for (const [k, pid] of Object.entries(appPids)) {
      const cpu = cpuSeconds(pid);
      if (cpu > 0) appLast[k] = cpu;
    }
  });
  return {
    async stop() {
      await sampler.stop({ sampleOnceMore: true });
      let database = 0;
      for (const [pid, last] of backendLast) database += last - (backendStart.get(pid) ?? last);
      const app = Object.fromEntries(Object.keys(appPids).map((k) => [k, appLast[k]! - appStart[k]!]));
      const self = process.cpuUsage(selfStart);
      return { database, app, benchAndFakes: (self.user + self.system) / 1e6 };
    },
  };
}
