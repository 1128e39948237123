import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A local socket through which operator commands reach the running server, which alone may read the
 * embedded database while it runs (it holds DATA_DIR/server.lock). It lives in DATA_DIR/run, a folder
 * only the server's user can enter, so whoever can use it can already read the data folder itself.
 * One request per connection: a JSON line; the answer is a JSON line, then `bytes` bytes of payload.
 */
const controlSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'control.sock');

export type ControlHandlers = { backup: () => Promise<Uint8Array> };

type ControlAnswer = { ok: true; bytes: number } | { ok: false; error: string };

/** Starts answering on DATA_DIR/run/control.sock; call only while holding the data-folder lock. */
export async function startControlSocket(dataDir: string, handlers: ControlHandlers) {
  const socketPath = controlSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // A socket file left by a server that died; the lock we hold says no other server is using it.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let request = '';
    connection.setEncoding('utf8');
    connection.on('error', () => connection.destroy());
    connection.on('data', (chunk) => {
      request += chunk;
      const end = request.indexOf('\n');
      if (end === -1) {
        if (request.length > 1024) connection.destroy();
        return;
      }
      connection.removeAllListeners('data');
      void answer(request.slice(0, end), handlers).then(
        ({ header, payload }) => {
          connection.write(`${JSON.stringify(header)}\n`);
          if (payload) connection.end(payload);
          else connection.end();
        },
        () => connection.destroy(),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

async function answer(line: string, handlers: ControlHandlers) {
  let command: unknown;
  try {
    command = (JSON.parse(line) as { command?: unknown }).command;
  } catch {
    command = undefined;
  }
  if (command !== 'backup') {
    return { header: { ok: false, error: 'Unknown command' } satisfies ControlAnswer, payload: undefined };
  }
  try {
    const payload = await handlers.backup();
    return { header: { ok: true, bytes: payload.byteLength } satisfies ControlAnswer, payload };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { header: { ok: false, error: message } satisfies ControlAnswer, payload: undefined };
  }
}

export class NoRunningServerError extends Error {}

/** Asks the running server for a backup; NoRunningServerError when nothing answers on the socket. */
export function requestBackupFromServer(dataDir: string): Promise<Buffer> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(socketPath);
    connection.on('connect', () => connection.write(`${JSON.stringify({ command: 'backup' })}\n`));
    connection.on('data', (chunk) => chunks.push(chunk));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') {
        reject(new NoRunningServerError(`No CareLoop server answers on ${socketPath}`));
      } else reject(error);
    });
    connection.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf(10);
      if (end === -1) return reject(new Error('The server closed the connection without an answer'));
      const header = JSON.parse(all.subarray(0, end).toString('utf8')) as ControlAnswer;
      if (!header.ok) return reject(new Error(`The server could not make the backup: ${header.error}`));
      const payload = all.subarray(end + 1);
      if (payload.length !== header.bytes) {
        return reject(new Error(`The backup was cut short (${payload.length} of ${header.bytes} bytes)`));
      }
      resolve(payload);
    });
  });
}

/** Whether a server answers on the data folder's control socket (a restore must not run under it). */
export function serverIsRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect(controlSocketPath(dataDir));
    connection.on('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.on('error', () => resolve(false));
  });
}
