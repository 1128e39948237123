import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { IncidentChanges } from './status-incidents.service';
import { subscriptionTexts } from './subscription-texts';
import {
  confirmByTokenHash,
  findPendingByTokenHash,
  findSubscription,
  listConfirmed,
  markUnsubscribed,
  requestPending,
  type SubscriptionList,
  type SubscriptionLocale,
  type SubscriptionRow,
} from './subscriptions.repository';

export type { SubscriptionList, SubscriptionLocale, SubscriptionRow };

export type SubscriptionDeps = Pick<AppDeps, 'db' | 'mailer' | 'unsubscribeTokens'> & {
  config: { http: Pick<AppDeps['config']['http'], 'publicUrl'> };
};

/** One confirmation mail per address and list in this time, however often the form is sent. */
const confirmationResendMs = 10 * 60_000;
const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
// Unsubscribe links are signed like the digest's, over a namespaced id: a digest link (a user id)
// never passes for a subscription's, nor the reverse (no user id starts with this prefix).
const signedPrefix = 'subscription:';

const origin = (deps: SubscriptionDeps) => deps.config.http.publicUrl.replace(/\/+$/, '');
export const confirmPath = '/api/subscriptions/confirm';
export const unsubscribePath = '/api/subscriptions/unsubscribe';

function unsubscribeUrl(deps: SubscriptionDeps, row: SubscriptionRow) {
  const token = deps.unsubscribeTokens.sign(`${signedPrefix}${row.id}`);
  return `${origin(deps)}${unsubscribePath}?token=${encodeURIComponent(token)}`;
}

/**
 * A sign-up from the newsletter or status form: nothing is sent to the address but the one
 * confirmation mail, and only again after ten minutes; an address already confirmed gets nothing.
 */
export async function requestSubscription(
  deps: SubscriptionDeps,
  input: { list: SubscriptionList; email: string; locale: SubscriptionLocale },
  now = new Date(),
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const row = await requestPending(deps.db, {
    ...input,
    email: input.email.trim().toLowerCase(),
    tokenHash: hashToken(token),
    now,
    resendAfter: new Date(now.getTime() - confirmationResendMs),
  });
  if (!row) return;
  const texts = subscriptionTexts[input.locale];
  const list = texts.listName[input.list];
  deps.mailer.sendInBackground({
    to: row.email,
    subject: texts.confirmSubject(list),
    text: texts.confirmBody(list, `${origin(deps)}${confirmPath}?token=${token}`),
  });
}

/** The pending subscription a confirmation link is for (its page asks before confirming). */
export async function pendingSubscriptionOfToken(deps: SubscriptionDeps, token: string) {
  if (!tokenShape.test(token)) return null;
  return findPendingByTokenHash(deps.db, hashToken(token));
}

export async function confirmSubscription(deps: SubscriptionDeps, token: string, now = new Date()) {
  if (!tokenShape.test(token)) return null;
  return confirmByTokenHash(deps.db, hashToken(token), now);
}

/** The subscription an unsubscribe link was signed for, or null when it is not one of ours. */
export async function subscriptionOfUnsubscribeToken(deps: SubscriptionDeps, token: string) {
  const signed = deps.unsubscribeTokens.verify(token);
  if (!signed?.startsWith(signedPrefix)) return null;
  return findSubscription(deps.db, signed.slice(signedPrefix.length));
}

export async function unsubscribe(deps: SubscriptionDeps, token: string, now = new Date()) {
  const row = await subscriptionOfUnsubscribeToken(deps, token);
  if (row && row.state !== 'unsubscribed') await markUnsubscribed(deps.db, row.id, now);
  return row;
}

const utcTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Tells the confirmed status subscribers of the incidents one measurement opened or resolved. Only
 * the process whose write opened or resolved an incident has it in `changes`, so each goes once.
 */
export async function notifyStatusSubscribers(deps: SubscriptionDeps, changes: IncidentChanges) {
  if (changes.opened.length === 0 && changes.resolved.length === 0) return;
  const subscribers = await listConfirmed(deps.db, 'status');
  const statusUrl = `${origin(deps)}/status`;
  for (const subscriber of subscribers) {
    const texts = subscriptionTexts[subscriber.locale as SubscriptionLocale] ?? subscriptionTexts.en;
    const stopUrl = unsubscribeUrl(deps, subscriber);
    const mails = [
      ...changes.opened.map((incident) => {
        const service = texts.services[incident.service];
        return {
          subject: texts.incidentOpenedSubject(service),
          text: texts.incidentOpenedBody(service, utcTime(incident.startedAt), statusUrl),
        };
      }),
      ...changes.resolved.map((incident) => {
        const service = texts.services[incident.service];
        return {
          subject: texts.incidentResolvedSubject(service),
          text: texts.incidentResolvedBody(
            service,
            utcTime(incident.startedAt),
            utcTime(incident.resolvedAt ?? incident.startedAt),
            statusUrl,
          ),
        };
      }),
    ];
    for (const mail of mails) {
      deps.mailer.sendInBackground({
        to: subscriber.email,
        subject: mail.subject,
        text: `${mail.text}\n${texts.unsubscribeFooter(stopUrl)}\n`,
        headers: {
          'List-Unsubscribe': `<${stopUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
  }
}
