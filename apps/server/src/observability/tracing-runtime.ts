import type { WorkTracer } from './work-tracer';

export type TracingRuntime = {
  /** pino's mixin: the active span's trace and span ids on every log line written inside it. */
  logMixin: () => object;
  tracer: WorkTracer;
  /** Sends the spans still buffered (before the process exits). */
  flush: () => Promise<void>;
};

/**
 * What the running app needs of OpenTelemetry once `tracing-start.ts` started it: imported only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
export async function loadTracingRuntime(): Promise<TracingRuntime> {
  const api = await import('@opentelemetry/api');
  const tracer = api.trace.getTracer('careloop');
  return {
    logMixin() {
      const span = api.trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    tracer: {
      traceparent() {
        const carrier: Record<string, string> = {};
        api.propagation.inject(api.context.active(), carrier);
        return carrier.traceparent;
      },
      inSpan(name, parent, work) {
        const parentContext = parent
          ? api.propagation.extract(api.ROOT_CONTEXT, { traceparent: parent })
          : api.ROOT_CONTEXT;
        return tracer.startActiveSpan(name, { kind: api.SpanKind.CONSUMER }, parentContext, async (span) => {
          try {
            return await work();
          } catch (error) {
            span.recordException(error as Error);
            span.setStatus({ code: api.SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        });
      },
    },
    async flush() {
      const provider = api.trace.getTracerProvider() as {
        getDelegate?: () => { forceFlush?: () => Promise<void> };
      };
      await provider.getDelegate?.().forceFlush?.();
    },
  };
}
