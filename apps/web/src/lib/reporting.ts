import type {
  LogErrorBody,
  LogPerformanceBody,
  LogUserActionBody,
  performanceMetricNames,
} from '@careloop/contracts';
import { apiFetch } from './api-client';

/** What the page adds to every report; the server takes the user from the session. */
type Envelope = 'url' | 'timestamp';

export type PerformanceMetric = (typeof performanceMetricNames)[number];

const limits = { message: 5000, stack: 20000, userAgent: 500 } as const;

const truncate = (value: string | undefined, max: number) =>
  value === undefined ? undefined : value.slice(0, max);

function currentUrl(): string {
  return typeof window === 'undefined' ? '' : window.location.href;
}

/** Sends a report. A failure to report goes to console.warn only: it never throws and never toasts. */
async function send(path: string, body: Record<string, unknown>): Promise<void> {
  try {
    await apiFetch(path, {
      method: 'POST',
      body: { ...body, url: currentUrl(), timestamp: new Date().toISOString() },
      keepalive: true,
    });
  } catch (error) {
    console.warn(`CareLoop: could not send a report to ${path}`, error);
  }
}

export type ErrorReport = {
  errorType: string;
  error?: unknown;
  componentStack?: string;
  errorId?: string;
  additionalContext?: Record<string, unknown>;
};

function describeError(error: unknown): { message?: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (error === undefined) return {};
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) };
  } catch {
    return { message: String(error) };
  }
}

export function reportError(report: ErrorReport): Promise<void> {
  const { message, stack } = describeError(report.error);
  const body: Omit<LogErrorBody, Envelope> = {
    error_type: report.errorType,
    error_message: truncate(message, limits.message),
    error_stack: truncate(stack, limits.stack),
    component_stack: truncate(report.componentStack, limits.stack),
    user_agent: truncate(
      typeof navigator === 'undefined' ? undefined : navigator.userAgent,
      limits.userAgent,
    ),
    error_id: report.errorId,
    additional_context: report.additionalContext,
  };
  return send('/api/log-error', body);
}

export function logUserAction(action: string, context?: Record<string, unknown>): Promise<void> {
  const body: Omit<LogUserActionBody, Envelope> = { action, context };
  return send('/api/log-user-action', body);
}

/** A page load's metrics, in one report. */
export function logPerformance(
  metrics: { metric: PerformanceMetric; value: number }[],
  context?: Record<string, unknown>,
): Promise<void> {
  const body: Omit<LogPerformanceBody, Envelope> = { metrics, context };
  return send('/api/log-performance', body);
}

type NavigationTiming = Pick<
  PerformanceNavigationTiming,
  'startTime' | 'loadEventEnd' | 'domContentLoadedEventEnd'
>;

/** Page metrics in milliseconds from the Navigation Timing and paint entries; unknown ones are left out. */
export function collectPageMetrics(
  navigation: NavigationTiming | undefined,
  firstContentfulPaint: Pick<PerformanceEntry, 'startTime'> | undefined,
): { metric: PerformanceMetric; value: number }[] {
  const metrics: { metric: PerformanceMetric; value: number }[] = [];
  const add = (metric: PerformanceMetric, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value) && value > 0) {
      metrics.push({ metric, value: Math.round(value) });
    }
  };
  if (navigation) {
    add('page_load_time', navigation.loadEventEnd - navigation.startTime);
    add('dom_content_loaded', navigation.domContentLoadedEventEnd - navigation.startTime);
  }
  add('first_contentful_paint', firstContentfulPaint?.startTime);
  return metrics;
}

const performanceReportDelayMs = 1000;

function reportPageMetrics(): void {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const [paint] = performance.getEntriesByName('first-contentful-paint');
  const context = navigation ? { navigation_type: navigation.type } : undefined;
  const metrics = collectPageMetrics(navigation, paint);
  if (metrics.length > 0) void logPerformance(metrics, context);
}

let uninstall: (() => void) | undefined;

/**
 * Reports unhandled errors and promise rejections, and the page metrics one second after
 * the load event. Returns a function that removes the listeners.
 */
export function installGlobalReporting(target: Window = window): () => void {
  if (uninstall) return uninstall;

  const handleError = (event: ErrorEvent) => {
    void reportError({
      errorType: 'unhandled_error',
      error: event.error ?? event.message,
      additionalContext: { filename: event.filename, line: event.lineno, column: event.colno },
    });
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    void reportError({ errorType: 'unhandled_promise_rejection', error: event.reason });
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scheduleMetrics = () => {
    timer = setTimeout(reportPageMetrics, performanceReportDelayMs);
  };

  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  if (target.document.readyState === 'complete') scheduleMetrics();
  else target.addEventListener('load', scheduleMetrics, { once: true });

  uninstall = () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
    target.removeEventListener('load', scheduleMetrics);
    if (timer) clearTimeout(timer);
    uninstall = undefined;
  };
  return uninstall;
}
