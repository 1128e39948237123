/**
 * How many spec files run at once, each against a server of its own (E2E_WORKERS, default 3). The
 * machine has two cores shared by the servers, the Chromiums and the runner, but a spec waits on
 * its server, the database and the page's timers for part of its time: with two at once the
 * cores were 10-20 % idle and the specs took 339 s; with three, 1-3 % idle and 301 s (the same
 * 30 files, a quiet 2-core machine, servers on PostgreSQL).
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 3);
