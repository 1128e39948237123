import type { MonitoringSnapshot } from '@careloop/contracts/monitoring';
import { healthStatus, loadTimeRating } from '@careloop/domain/monitoring-rules';
import { isProviderErrorCode, providerErrorMessage } from '@careloop/domain/provider-errors';
import type { AppDeps } from '../../app-deps';
import { readerLanguage } from '../../plugins/reader-language';
import type { ClinicContext } from '../../plugins/request-context';
import { readMonitoringSnapshot } from './monitoring.repository';

const iso = (value: string) => new Date(value).toISOString();

/** The page's path only: a reported URL may carry a token in its query (e-mail confirmation links). */
function pagePath(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
}
const credentialStatus = (status: string): 'healthy' | 'unhealthy' | 'unknown' =>
  status === 'healthy' || status === 'unhealthy' ? status : 'unknown';

/** The System Monitoring figures of the caller's clinic, with the spec's health badge and speed labels. */
export async function getMonitoringSnapshot(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<ClinicContext, 'clinicId' | 'user' | 'clinic'>,
  now: Date = new Date(),
): Promise<MonitoringSnapshot> {
  const row = await readMonitoringSnapshot(deps.db, ctx.clinicId, now);
  const averageMs = row.page_loads.averageMs;
  const language = readerLanguage(ctx);
  const checks = row.credentials.map((c) => {
    const status = credentialStatus(c.status);
    // Staff read why in their language; a check from before failures were coded, as "could not connect".
    const code = isProviderErrorCode(c.errorCode) ? c.errorCode : 'connection_failed';
    return {
      credentialType: c.credentialType,
      status,
      detail: status === 'unhealthy' ? providerErrorMessage(code, c.credentialType, language) : null,
      checkedAt: iso(c.checkedAt),
    };
  });
  return {
    generatedAt: now.toISOString(),
    errors: {
      count: row.errors_24h,
      critical: row.errors_critical_24h,
      health: healthStatus(row.errors_24h),
      byType: row.error_types,
    },
    performance: {
      pageLoads: row.page_loads.count,
      averageMs,
      averageRating: averageMs === null ? null : loadTimeRating(averageMs),
      slowestMs: row.page_loads.slowestMs,
      recent: row.recent_page_loads.map((load) => ({
        valueMs: load.valueMs,
        rating: loadTimeRating(load.valueMs),
        url: pagePath(load.url),
        at: iso(load.at),
      })),
    },
    activity: {
      actions: row.actions_last_hour,
      activeUsers: row.active_users_last_hour,
      topActions: row.top_actions,
    },
    credentials: { checks, unhealthy: checks.filter((c) => c.status === 'unhealthy').length },
    security: {
      critical: row.security_critical_24h,
      events: row.security_events.map((e) => ({ ...e, at: iso(e.at) })),
    },
  };
}
