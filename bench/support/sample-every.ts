import pg from 'pg';

/**
 * Runs `sample` on its own database connection every `everyMs` until stopped (a sample at a time:
 * a slow one delays the next instead of piling up). `stop` waits for the sample in flight, runs one
 * last when asked (so a total includes the end of the window), and closes the connection.
 */
export function sampleEvery(
  databaseUrl: string,
  everyMs: number,
  sample: (client: pg.Client) => Promise<void>,
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      await sample(client);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop({ sampleOnceMore = false } = {}) {
      stopped = true;
      await loop;
      if (sampleOnceMore) await sample(client);
      await client.end();
    },
  };
}
