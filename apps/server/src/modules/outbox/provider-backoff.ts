import type { MessageChannel } from '@careloop/domain/cost-calculator';
import { isoDateOfDay, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { rateLimitWaitMs } from '@careloop/domain/messaging/provider-backoff';
import type { Database } from '../../db/client';
import type { ProviderError } from '../../integrations/http/provider-http';
import { type ClaimedMessage, deferClaim } from './outbox.repository';
import { clearRateLimitStrikes, recordRateLimit } from './provider-backoff.repository';
import type { SendingContext } from './sending-context';

// One back-off per clinic and provider, shared by every lane and worker: when a provider answers
// "too many requests", no send of that clinic goes through it before the wait is over (in this
// process at once through the sweep's context, in other workers from the row at their next sweep).
// The messages stay queued, moved to the end of the wait, their tries given back: a storm delays
// them and fails none, and each costs at most one refused request per wait.

/** Which provider a channel's sends go through for the clinic. */
export function providerOf(channel: MessageChannel, context: SendingContext): string {
  return channel === 'whatsapp' ? 'whatsapp' : context.config.smsProvider;
}

/** When the clinic's sends through `provider` may go again, if not yet. */
export function heldUntil(context: SendingContext, provider: string, now: Date): Date | null {
  const backoff = context.backoffs.get(provider);
  return backoff && backoff.until > now ? backoff.until : null;
}

// WhatsApp 131056 limits one (business, patient) pair, not the clinic: only that message waits.
const perRecipientCodes = new Set(['131056']);

/** A 429 answer: the wait it asks for, shared by the clinic's sends through that provider. */
export async function noteRateLimit(
  db: Database,
  context: SendingContext,
  provider: string,
  error: ProviderError,
  now: Date,
): Promise<Date> {
  const strikes = context.backoffs.get(provider)?.strikes ?? 0;
  const until = new Date(now.getTime() + rateLimitWaitMs(error.retryAfterMs, strikes));
  if (error.providerCode !== null && perRecipientCodes.has(error.providerCode)) return until;
  const saved = await recordRateLimit(db, context.clinic.clinicId, provider, until, now);
  context.backoffs.set(provider, saved);
  return saved.until;
}

/** A send went through: the strikes are cleared (one write, only after a 429). */
export async function noteSendWentThrough(
  db: Database,
  context: SendingContext,
  provider: string,
  now: Date,
) {
  const backoff = context.backoffs.get(provider);
  if (!backoff || backoff.strikes === 0) return;
  context.backoffs.set(provider, { ...backoff, strikes: 0 });
  await clearRateLimitStrikes(db, context.clinic.clinicId, provider, now);
}

/** The message waits, queued, for the end of the provider's back-off. */
export async function deferForRateLimit(
  db: Database,
  message: ClaimedMessage,
  context: SendingContext,
  provider: string,
  until: Date,
  now: Date,
): Promise<'deferred' | 'lost_claim'> {
  const moved = await deferClaim(db, message, {
    scheduledAt: until,
    sendDate: isoDateOfDay(localDayOf(until, context.clinic.timeZone)),
    note: `${provider} asked to slow down (too many requests): the clinic's sends through it wait until ${until.toISOString()}`,
    now,
  });
  return moved ? 'deferred' : 'lost_claim';
}
