/**
 * Tracing as the job runner sees it: present only when traces are exported (`tracing-runtime.ts`
 * builds it from the OpenTelemetry API), so that nothing of OpenTelemetry loads otherwise.
 */
export type WorkTracer = {
  /** The active span as a W3C `traceparent`, carried in a job's data to continue its trace. */
  traceparent: () => string | undefined;
  /** Runs a job in a span of its own, a child of the trace that sent it when there is one. */
  inSpan: <T>(name: string, parent: string | undefined, work: () => Promise<T>) => Promise<T>;
};
