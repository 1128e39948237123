import type { MessageChannel } from '@careloop/domain/cost-calculator';
import { isOverageMessage } from '@careloop/domain/overage';
import { usageMonthOf } from '@careloop/domain/usage';
import type { Database } from '../../db/client';
import { countSentInPeriod } from './month-usage.repository';
import type { SendingContext } from './sending-context';

// Past 100 % of the plan's allowance a message still goes, billed as overage (ADR 011): decided
// when the provider took it, from this calendar month's count (the clinic's zone), read once per
// sweep and counted on in memory. Two workers sweeping one clinic at once may each count a message
// the other sent: the flag can then be late by a message or two, never for a message in the
// allowance that nobody sent.

/** Whether the message just sent on `channel` is billed as overage; counts it. */
export async function countSentMessage(
  db: Database,
  context: SendingContext,
  channel: MessageChannel,
  now: Date,
): Promise<boolean> {
  const month = usageMonthOf(now, context.clinic.timeZone);
  if (context.monthSent?.month !== month.month) {
    const counted = await countSentInPeriod(db, context.clinic.clinicId, month.startsAt, month.endsAt);
    context.monthSent = { month: month.month, ...counted };
  }
  const sent = context.monthSent;
  const overage = isOverageMessage({
    tier: context.clinic.subscriptionTier,
    channel,
    sentThisMonthOnChannel: sent[channel],
  });
  sent[channel] += 1;
  return overage;
}
