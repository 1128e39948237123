import type { MessageChannel } from '../cost-calculator';
import { messageChannels } from '../cost-calculator';
import { type Rate, rateOf } from './kpi-math';

/**
 * Follow-ups sent on one local day, counted by what became of them: the database groups a million
 * messages into these, so the rule stays here while the rows stay few.
 */
export type FollowUpCountRow = {
  channel: MessageChannel;
  /** Local date sent, YYYY-MM-DD. */
  day: string;
  sent: number;
  delivered: number;
  failed: number;
  replied: number;
  procedure: string | null;
};

export type OptOutRow = { channel: MessageChannel; day: string };

export type ChannelFollowUps = {
  channel: MessageChannel;
  sent: number;
  delivered: number;
  failed: number;
  replied: number;
  deliveryRate: Rate;
  replyRate: Rate;
  optOuts: number;
};

const inRange = (day: string, from: string, to: string) => day >= from && day <= to;

/** Per channel (every channel listed): delivered and replied shares of the follow-ups sent. */
export function followUpsPerChannel(
  rows: readonly FollowUpCountRow[],
  optOuts: readonly OptOutRow[],
  period: { from: string; to: string },
): ChannelFollowUps[] {
  return messageChannels.map((channel) => {
    const totals = { sent: 0, delivered: 0, failed: 0, replied: 0 };
    for (const row of rows) {
      if (row.channel !== channel || !inRange(row.day, period.from, period.to)) continue;
      totals.sent += row.sent;
      totals.delivered += row.delivered;
      totals.failed += row.failed;
      totals.replied += row.replied;
    }
    return {
      channel,
      ...totals,
      deliveryRate: rateOf(totals.delivered, totals.sent),
      replyRate: rateOf(totals.replied, totals.sent),
      optOuts: optOuts.filter((o) => o.channel === channel && inRange(o.day, period.from, period.to)).length,
    };
  });
}

/** Every channel together. */
export function followUpTotals(perChannel: readonly ChannelFollowUps[]) {
  const sum = (pick: (c: ChannelFollowUps) => number) => perChannel.reduce((total, c) => total + pick(c), 0);
  const sent = sum((c) => c.sent);
  return {
    sent,
    deliveryRate: rateOf(
      sum((c) => c.delivered),
      sent,
    ),
    replyRate: rateOf(
      sum((c) => c.replied),
      sent,
    ),
    optOuts: sum((c) => c.optOuts),
  };
}
