import fs from 'node:fs';
import pino from 'pino';

/** Lines kept before they are written at once: about a dozen requests' lines. */
const batchLength = 4096;

export type LogDestination = { write: (line: string) => boolean; flushSync: () => void };

/**
 * Where the server's log lines go (standard output by default, or a file appended to), a write for
 * many lines: a write per line cost a system call per request (a CPU profile of a small signed-in
 * read put 7.7 % of the process in it; handing each line to libuv's thread pool cost as much). Lines
 * are kept until 4 KiB are (about a dozen requests' lines) or `flushEveryMs` has passed, and written
 * at once; what is kept is written when the process exits (also on process.exit), so only a kill
 * of the process (SIGKILL, the machine) can lose lines: at most the last second's, at most 4 KiB (ADR 024).
 *
 * The lines are kept here, in a list, and handed to pino's destination (sonic-boom: it retries a
 * full pipe) as one string: keeping them in sonic-boom measured its byte length of everything kept
 * at every line, and copied it (2 KB allocated a request on average, in a heap profile of a cheap read).
 */
export function logDestination(dest: number | string = 1, { flushEveryMs = 1000 } = {}): LogDestination {
  // A file is opened here, not by the stream in the background: a process that exits at once
  // still has somewhere to write its last lines.
  const fd = typeof dest === 'string' ? fs.openSync(dest, 'a') : dest;
  const stream = pino.destination({ dest: fd, sync: true });
  let closed = false;
  stream.on('close', () => {
    closed = true;
  });
  let kept: string[] = [];
  // In UTF-16 units, not bytes: the batch's size only decides when to write, and lines are mostly ASCII.
  let keptLength = 0;
  const flushSync = () => {
    if (kept.length === 0 || closed) return;
    const text = kept.join('');
    kept = [];
    keptLength = 0;
    stream.write(text);
  };
  setInterval(flushSync, flushEveryMs).unref();
  process.on('exit', flushSync);
  return {
    write(line: string) {
      kept.push(line);
      keptLength += line.length;
      if (keptLength >= batchLength) flushSync();
      return true;
    },
    flushSync,
  };
}
