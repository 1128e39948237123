import { context, propagation, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTracingRuntime, type TracingRuntime } from './tracing-runtime';

// A job sent inside a traced request continues its trace in its own span, and its log lines carry
// that trace's id: the SDK started in this process with an exporter that keeps the spans.

type KeptSpan = {
  name: string;
  spanContext: () => { traceId: string; spanId: string };
  parentSpanContext?: { spanId: string };
};
const exported: KeptSpan[] = [];
let sdk: NodeSDK;
let runtime: TracingRuntime;

beforeAll(async () => {
  sdk = new NodeSDK({
    serviceName: 'careloop-test',
    metricReaders: [],
    logRecordProcessors: [],
    traceExporter: {
      export(spans, done) {
        exported.push(...(spans as unknown as KeptSpan[]));
        done({ code: 0 });
      },
      shutdown: async () => {},
    },
  });
  sdk.start();
  runtime = await loadTracingRuntime();
});
afterAll(async () => {
  await sdk.shutdown();
  // Nothing of this SDK stays registered for the other test files of this worker.
  trace.disable();
  context.disable();
  propagation.disable();
});

describe('tracing runtime', () => {
  it('continues the sender trace in the job span, and puts its ids on log lines', async () => {
    const tracer = trace.getTracer('test');
    let sent: string | undefined;
    let requestTraceId = '';
    await tracer.startActiveSpan('GET /api/something', async (span) => {
      requestTraceId = span.spanContext().traceId;
      sent = runtime.tracer.traceparent();
      span.end();
    });
    expect(sent).toMatch(new RegExp(`^00-${requestTraceId}-[0-9a-f]{16}-01$`));

    const logged = await runtime.tracer.inSpan('job probe', sent, async () => runtime.logMixin());
    await runtime.flush();
    const jobSpan = exported.find((span) => span.name === 'job probe')!;
    expect(jobSpan.spanContext().traceId).toBe(requestTraceId);
    expect(jobSpan.parentSpanContext?.spanId).toBe(sent?.split('-')[2]);
    expect(logged).toEqual({ trace_id: requestTraceId, span_id: jobSpan.spanContext().spanId });
  });

  it('starts a trace of its own for a job nobody traced, and logs nothing outside spans', async () => {
    const logged = await runtime.tracer.inSpan('job scheduled', undefined, async () => runtime.logMixin());
    expect(logged).toEqual({
      trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      span_id: expect.any(String),
    });
    expect(runtime.logMixin()).toEqual({});
    expect(runtime.tracer.traceparent()).toBeUndefined();
  });

  it('marks a failed job span as an error and passes the error on', async () => {
    await expect(
      runtime.tracer.inSpan('job failing', undefined, async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    await runtime.flush();
    const failed = exported.find((span) => span.name === 'job failing') as unknown as {
      status: { code: number };
    };
    expect(failed.status.code).toBe(2);
  });
});
