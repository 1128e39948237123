import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { logDestination } from './log-destination';

// The log destination writes many lines at once; a process that ends, however it ends short of a
// kill, has written every line it logged, and a quiet one has written its lines within the interval.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-log-destination-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const root = path.resolve(import.meta.dirname, '../../../..');
const destinationModule = path.join(import.meta.dirname, 'log-destination.ts');
// The script is written outside the repository: it names the server's own pino by its path.
const pinoModule = createRequire(import.meta.url).resolve('pino');

/** Runs a process that logs `lines` lines through the destination into a file, then ends with `ending`. */
function logThenEnd(name: string, lines: number, ending: string) {
  const file = path.join(folder, `${name}.log`);
  const script = path.join(folder, `${name}.ts`);
  fs.writeFileSync(
    script,
    `import pino from ${JSON.stringify(pinoModule)};
import { logDestination } from ${JSON.stringify(destinationModule)};
const log = pino({ level: 'info' }, logDestination(${JSON.stringify(file)}));
for (let i = 0; i < ${lines}; i++) log.info({ i, padding: 'x'.repeat(200) }, 'request completed');
${ending}
`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return fs.readFileSync(file, 'utf8').trim().split('\n');
}

describe('the log destination', () => {
  it.each([
    { name: 'natural-end', ending: '' },
    { name: 'process-exit', ending: 'process.exit(0);' },
    { name: 'exit-after-a-tick', ending: 'setImmediate(() => process.exit(3));' },
  ])('has written every line when the process ends by $name', ({ name, ending }) => {
    const written = logThenEnd(name, 5_000, ending);
    expect(written).toHaveLength(5_000);
    expect(JSON.parse(written.at(-1)!)).toMatchObject({ i: 4_999, msg: 'request completed' });
  });

  it('writes the lines of a quiet process within its interval, without an exit', async () => {
    const file = path.join(folder, 'quiet.log');
    const log = pino({ level: 'info' }, logDestination(file, { flushEveryMs: 100 }));
    for (let i = 0; i < 3; i++) log.info({ i }, 'request completed');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
  });
});
