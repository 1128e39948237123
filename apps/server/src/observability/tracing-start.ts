import module from 'node:module';
import { loadConfig } from '../config';

/**
 * The server's first module (`dist/server.mjs` imports it before `main.cjs`): with
 * OTEL_EXPORTER_OTLP_ENDPOINT set it starts OpenTelemetry before Fastify, pg and the rest are
 * imported, so that their instrumentation can wrap them; unset, it loads nothing of OpenTelemetry.
 * The SDK reads the standard OTEL_* variables itself (protocol, headers, sampler, service name).
 */
export async function startTracingIfConfigured(): Promise<void> {
  let tracing: ReturnType<typeof loadConfig>['observability']['tracing'];
  try {
    tracing = loadConfig().observability.tracing;
  } catch {
    return; // main() lists what is wrong with the environment and stops
  }
  if (!tracing) return;
  // ES modules are wrapped as they load (import-in-the-middle) so that pg can be instrumented.
  module.register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [
    { NodeSDK },
    { HttpInstrumentation },
    { PgInstrumentation },
    { UndiciInstrumentation },
    fastifyOtel,
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    serviceName: 'careloop',
    // Traces only: the metrics are Prometheus's (metrics.ts), the logs stay pino's lines.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation(),
      // The job runner's polling is not traced; a statement is, inside a request or a job.
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
      new fastifyOtel.FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
}
