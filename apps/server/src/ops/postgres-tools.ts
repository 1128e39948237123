import { spawn } from 'node:child_process';

/**
 * pg_dump / pg_restore from the machine's PostgreSQL client tools (Debian: postgresql-client). The
 * password goes through PGPASSWORD, not the command line, where other users could read it.
 */
function connectionFor(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return { dbname: parsed.toString(), env };
}

class PostgresToolError extends Error {}

function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new PostgresToolError(
          error.code === 'ENOENT'
            ? `${tool} was not found: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client)`
            : `${tool} could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const hint = /server version mismatch/.test(stderr)
        ? `\nThe client tools are older than the server: install postgresql-client of the server's major version.`
        : '';
      reject(new PostgresToolError(`${tool} failed (exit ${code}):\n${stderr.trim()}${hint}`));
    });
  });
}

/** A consistent snapshot (one repeatable-read transaction) of the whole database, in pg_dump's custom format. */
export async function pgDump(url: string, file: string) {
  const { dbname, env } = connectionFor(url);
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** Restores in one transaction: a failure leaves the target as it was. */
export async function pgRestore(url: string, file: string, options: { replace: boolean }) {
  const { dbname, env } = connectionFor(url);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(options.replace ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
