import { PassThrough } from 'node:stream';
import type { ImportProgressLine, ImportResultResponse } from '@careloop/contracts/patients';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ImportProgress } from './patient-import.service';

const progressLinesType = 'application/x-ndjson';

export function wantsProgressLines(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(progressLinesType);
}

const line = (value: ImportProgressLine) => `${JSON.stringify(value)}\n`;

/**
 * Runs an import and answers its progress as JSON lines. A problem found before the first row is
 * written (a bad file or mapping) is still a plain 4xx answer; once lines have started, a failure
 * ends them with an error line (the transaction has rolled back: nothing was imported).
 */
export async function streamImportProgress(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  run: (onProgress: ImportProgress) => Promise<ImportResultResponse>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  let started: () => void = () => {};
  const firstProgress = new Promise<void>((resolve) => {
    started = resolve;
  });
  const work = run((done, total) => {
    started();
    stream.write(line({ type: 'progress', done, total }));
  });
  // Either the work fails before any progress (thrown to the error handler) or lines begin.
  await Promise.race([firstProgress, work]);
  work.then(
    (result) => stream.end(line({ type: 'result', result })),
    (error: unknown) => {
      log.error({ err: error }, 'patient import failed after it started');
      stream.end(line({ type: 'error', message: 'The import failed; nothing was imported' }));
    },
  );
  return reply.type(progressLinesType).header('cache-control', 'no-store').send(stream);
}
