// A load generator on its own thread (own event loop), so that it does not queue behind the server it
// measures. Messages: { urls, headers | headerSets, connections, seconds, timeoutMs, method?, body? } -> { requests,
// failures, failedStatuses, timeouts, seconds, latencies }. Each connection is a keep-alive socket that sends one
// request at a time (closed loop, like autocannon); `urls` are taken round-robin; a 2xx answer is a success.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

function once(agent, url, headers, timeoutMs, method, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const done = (outcome, status = outcome) => {
      if (settled) return;
      settled = true;
      resolve({ outcome, status, ms: performance.now() - started });
    };
    const req = http.request(url, { agent, headers, method }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        done(res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : 'failure', String(res.statusCode)),
      );
      res.on('error', () => done('failure'));
    });
    req.setTimeout(timeoutMs, () => {
      done('timeout');
      req.destroy();
    });
    req.on('error', () => done('failure'));
    req.end(body);
  });
}

parentPort.on(
  'message',
  async ({ urls, headers, headerSets, connections, seconds, timeoutMs, method = 'GET', body }) => {
    // headerSets (optional): taken round-robin like the urls, e.g. several API clients' tokens.
    const sets = headerSets ?? [headers];
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const latencies = [];
    let failures = 0;
    let timeouts = 0;
    /** Failed answers by HTTP status (or 'failure' when none came), so that a failing side says why. */
    const failedStatuses = {};
    let next = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const n = next++;
          const url = urls[n % urls.length];
          const { outcome, status, ms } = await once(
            agent,
            url,
            sets[n % sets.length],
            timeoutMs,
            method,
            body,
          );
          if (outcome === 'timeout') timeouts++;
          else if (outcome === 'failure') {
            failures++;
            failedStatuses[status] = (failedStatuses[status] ?? 0) + 1;
          }
          latencies.push(ms);
        }
      }),
    );
    agent.destroy();
    parentPort.postMessage({
      requests: latencies.length,
      failures,
      failedStatuses,
      timeouts,
      seconds: (performance.now() - started) / 1000,
      latencies,
    });
  },
);
