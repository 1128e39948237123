import { languageFor } from '@careloop/domain/clinic-locale';
import { dueDigest } from '@careloop/domain/daily-digest';
import type { Database } from '../../db/client';
import type { JobContext } from '../../jobs/job-definition';
import { AppError } from '../../lib/errors';
import type { UnsubscribeTokens } from '../../lib/unsubscribe-token';
import { turnOffDailyDigest } from '../account/account.service';
import {
  claimDelivery,
  type DigestFigures,
  type DigestRecipientRow,
  finishDelivery,
  listClinicTimeZones,
  listPendingRecipients,
  readDigestFigures,
} from './digest.repository';
import { dailyDigestEmail } from './digest-email';

type DigestDeps = Pick<JobContext, 'db' | 'mailer' | 'unsubscribeTokens' | 'config' | 'log'>;

export type DigestRunResult = {
  sent: number;
  failed: number;
  clinics: number;
  /** Clinics whose run stopped on an error (database, not the mail transport): retried by the job. */
  stopped: string[];
};

/**
 * Sends every digest due at `now`: for each time zone where it is between 08:00 and noon, the
 * owners and admins of its clinics who have not had that day's digest. Each recipient is claimed
 * (a row keyed by clinic, day and user) before the mail goes, so two workers, a retried job or a
 * restart never send one twice; a mail the transport refuses is recorded as failed, not retried.
 */
export async function sendDueDigests(
  deps: DigestDeps,
  options: { now?: Date } = {},
): Promise<DigestRunResult> {
  const now = options.now ?? new Date();
  const result: DigestRunResult = { sent: 0, failed: 0, clinics: 0, stopped: [] };
  for (const timeZone of await listClinicTimeZones(deps.db)) {
    // A zone this runtime does not know (none should be stored: settings check them) stops no other zone.
    const day = safely(() => dueDigest(now, timeZone));
    if (!day) continue;
    const recipients = await listPendingRecipients(deps.db, { timeZone, digestDate: day.digestDate });
    for (const [clinicId, clinicRecipients] of groupByClinic(recipients)) {
      result.clinics += 1;
      try {
        const figures = await readDigestFigures(deps.db, clinicId, {
          from: day.windowStart,
          to: day.windowEnd,
        });
        for (const recipient of clinicRecipients) {
          const outcome = await sendOne(deps, { recipient, figures, digestDate: day.digestDate, now });
          if (outcome === 'sent') result.sent += 1;
          if (outcome === 'failed') result.failed += 1;
        }
      } catch (error) {
        // One clinic's fault delays nobody else's digest; the job is retried for what is left.
        deps.log.error({ err: error, clinicId }, 'daily digest stopped for a clinic');
        result.stopped.push(clinicId);
      }
    }
  }
  return result;
}

function safely<T>(compute: () => T): T | null {
  try {
    return compute();
  } catch {
    return null;
  }
}

function groupByClinic(rows: DigestRecipientRow[]): Map<string, DigestRecipientRow[]> {
  const byClinic = new Map<string, DigestRecipientRow[]>();
  for (const row of rows) byClinic.set(row.clinic_id, [...(byClinic.get(row.clinic_id) ?? []), row]);
  return byClinic;
}

async function sendOne(
  deps: DigestDeps,
  input: { recipient: DigestRecipientRow; figures: DigestFigures; digestDate: string; now: Date },
): Promise<'sent' | 'failed' | 'taken'> {
  const { recipient } = input;
  const language = languageFor(recipient.user_language, recipient.clinic_language);
  const key = { clinicId: recipient.clinic_id, digestDate: input.digestDate, userId: recipient.user_id };
  if (!(await claimDelivery(deps.db, { ...key, language, at: input.now }))) return 'taken';
  const publicUrl = deps.config.http.publicUrl;
  const token = encodeURIComponent(deps.unsubscribeTokens.sign(recipient.user_id));
  try {
    await deps.mailer.send(
      dailyDigestEmail({
        to: recipient.email,
        language,
        firstName: recipient.first_name,
        clinicName: recipient.clinic_name,
        timeZone: recipient.time_zone,
        digestDate: input.digestDate,
        figures: input.figures,
        publicUrl,
        unsubscribeUrl: `${publicUrl}/digest/unsubscribe?token=${token}`,
        oneClickUrl: `${publicUrl}/api/digest/unsubscribe?token=${token}`,
      }),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'mail transport error';
    await finishDelivery(deps.db, key, { error: reason });
    deps.log.error({ clinicId: recipient.clinic_id, digestDate: input.digestDate }, 'daily digest not sent');
    return 'failed';
  }
  await finishDelivery(deps.db, key, { sentAt: input.now });
  return 'sent';
}

/** The unsubscribe link's action: no sign-in, the signed token names the user. */
export async function unsubscribeFromDigest(
  deps: { db: Database; unsubscribeTokens: UnsubscribeTokens },
  token: string,
): Promise<void> {
  const userId = deps.unsubscribeTokens.verify(token);
  if (!userId || !(await turnOffDailyDigest(deps.db, userId))) {
    throw new AppError(400, 'VALIDATION_ERROR', 'This unsubscribe link is invalid');
  }
}
