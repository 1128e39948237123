import { z } from 'zod';

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A provider timestamp with or without a zone (none means UTC) and any fractional digits. */
function parseProviderDate(value: string): Date | null {
  const trimmed = value.trim();
  if (!isoDateTime.test(trimmed)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed);
  const time = Date.parse(hasZone ? trimmed : `${trimmed}Z`);
  return Number.isFinite(time) ? new Date(time) : null;
}

/** zod field for `parseProviderDate`: a provider payload with an unreadable date is rejected. */
export const providerDateSchema = z.string().transform((value, ctx) => {
  const date = parseProviderDate(value);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: 'Not an ISO 8601 date-time' });
    return z.NEVER;
  }
  return date;
});
