/** A run that passed its job's limit: failed, so that pg-boss retries the job. */
class RunLimitExceeded extends Error {
  constructor(seconds: number) {
    super(`the run did not end within its limit of ${seconds} s`);
    this.name = 'RunLimitExceeded';
  }
}

/**
 * Runs `run` for at most `seconds`: past them the answer is a RunLimitExceeded failure and the signal
 * handed to the run is aborted (with the process's own stop, which it follows too), so a run that
 * watches it ends. One that does not, say a provider call or a query that never answers, is left
 * behind: its promise cannot be ended from outside, but it no longer holds the queue.
 */
export async function runWithinLimit<T>(
  seconds: number,
  processStopping: AbortSignal | undefined,
  run: (stopping: AbortSignal) => Promise<T>,
): Promise<T> {
  const limit = new AbortController();
  const stopping = processStopping ? AbortSignal.any([processStopping, limit.signal]) : limit.signal;
  let timer: NodeJS.Timeout | undefined;
  const passed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new RunLimitExceeded(seconds);
      limit.abort(error);
      reject(error);
    }, seconds * 1000);
  });
  try {
    return await Promise.race([run(stopping), passed]);
  } finally {
    clearTimeout(timer);
  }
}
