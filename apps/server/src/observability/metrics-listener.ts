import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

export type MetricsListener = { port: number; close: () => Promise<void> };

/**
 * `GET /metrics` on a port of its own (METRICS_PORT, bound to METRICS_HOST: 127.0.0.1 unless said
 * otherwise), apart from the public app: a scraper reaches it without going through sessions, rate
 * limits or the proxy, and the public port never shows it. Anything else here is a 404.
 */
export async function startMetricsListener(
  metrics: Metrics,
  where: { host: string; port: number },
  log: { error: (o: object, m: string) => void },
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics: rendering failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
