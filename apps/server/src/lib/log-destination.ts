import fs from 'node:fs';
import pino from 'pino';

/**
 * Where the server's log lines go (standard output by default, or a file appended to), a write for
 * many lines: a write per line cost a system call per request (a CPU profile of a small signed-in
 * read put 7.7 % of the process in it; handing each line to libuv's thread pool cost as much). Lines
 * are kept until 4 KiB are (about a dozen requests' lines) or `flushEveryMs` has passed, and written
 * at once; what is kept is written when the process exits (also on process.exit), so only a kill
 * of the process (SIGKILL, the machine) can lose lines: at most the last second's, at most 4 KiB (ADR 024).
 */
export function logDestination(dest: number | string = 1, { flushEveryMs = 1000 } = {}) {
  // A file is opened here, not by the stream in the background: a process that exits at once
  // still has somewhere to write its last lines.
  const fd = typeof dest === 'string' ? fs.openSync(dest, 'a') : dest;
  const destination = pino.destination({ dest: fd, sync: true, minLength: 4096 });
  let closed = false;
  destination.on('close', () => {
    closed = true;
  });
  const flush = () => {
    if (!closed) destination.flushSync();
  };
  setInterval(flush, flushEveryMs).unref();
  process.on('exit', flush);
  return destination;
}
