import type { ApiClientUsageResponse } from '@careloop/contracts/api-clients';
import { instantAtLocal, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { apiRateLimitPerHour } from '@careloop/domain/plans';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { apiBudgetWindowMs, apiRateLimitKey } from './api-access.service';
import { countApiCallsSince, findRateLimitCounters } from './api-clients.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'apiUsage'>;

/**
 * Settings > API: each of the clinic's clients' calls this hour (its hourly budget's current
 * window, as the limiter counts it) and today (the call log since the clinic's midnight).
 */
export async function getApiClientUsage(
  deps: Deps,
  ctx: Pick<ClinicContext, 'clinicId' | 'clinic'>,
): Promise<ApiClientUsageResponse> {
  // This process's calls not yet written (they are kept up to a second, ADR 020) count too.
  await deps.apiUsage.flush();
  const now = (deps.clock ?? Date.now)();
  const dayStartsAt = new Date(instantAtLocal(localDayOf(now, ctx.clinic.timeZone), 0, ctx.clinic.timeZone));
  const today = await countApiCallsSince(deps.db, ctx.clinicId, dayStartsAt);
  const counters = await findRateLimitCounters(
    deps.db,
    today.map((client) => apiRateLimitKey(ctx.clinicId, client.id)),
  );
  const windowOf = new Map(counters.map((counter) => [counter.key, counter]));
  return {
    items: today.map((client) => {
      const window = windowOf.get(apiRateLimitKey(ctx.clinicId, client.id));
      // A window whose hour has passed is reset by the next call: nothing counts in it now.
      const isOpen = window !== undefined && window.windowStart + apiBudgetWindowMs > now;
      return {
        id: client.id,
        callsThisHour: isOpen ? window.count : 0,
        hourResetsAt: isOpen ? new Date(window.windowStart + apiBudgetWindowMs).toISOString() : null,
        callsToday: Number(client.calls),
      };
    }),
    hourlyLimit: apiRateLimitPerHour(ctx.clinic.subscriptionTier),
    dayStartsAt: dayStartsAt.toISOString(),
  };
}
