import { sampleEvery } from './sample-every';

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Samples, every 5 s, the jobs active for longer than `thresholdSeconds` (pg-boss's job table):
 * a batch waits for its slowest run, so a run that hangs shows here before its queue does. Answers,
 * per queue, how many such runs were seen and the longest age seen, with when (seconds into the run).
 */
export function startLongRunSampler(databaseUrl: string, started: number, thresholdSeconds = 30) {
  const seen = new Map<string, Set<string>>();
  const longest = new Map<string, { ageSeconds: number; atSecond: number }>();
  const sampler = sampleEvery(databaseUrl, 5000, async (client) => {
    const { rows } = await client.query<{ name: string; id: string; age: number }>(
      `select name, id, extract(epoch from now() - started_on)::float8 as age from pgboss.job
       where state = 'active' and started_on < now() - make_interval(secs => $1)`,
      [thresholdSeconds],
    );
    for (const { name, id, age } of rows) {
      seen.set(name, (seen.get(name) ?? new Set()).add(id));
      if (age > (longest.get(name)?.ageSeconds ?? 0))
        longest.set(name, { ageSeconds: round(age), atSecond: Math.round((Date.now() - started) / 1000) });
    }
  });
  return {
    async stop() {
      await sampler.stop();
      return Object.fromEntries(
        [...seen].map(([name, ids]) => [name, { runs: ids.size, ...longest.get(name)! }]),
      );
    },
  };
}
