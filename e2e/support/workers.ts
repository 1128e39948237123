/**
 * How many spec files run at once, each against a server of its own (E2E_WORKERS, default 2: the
 * machine's two cores are shared by the servers, the Chromiums and the runner).
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
