import { randomBytes } from 'node:crypto';
import { surveyRequests } from '../db/schema';
import { hashSurveyToken } from '../modules/surveys/survey-link-token';
import type { TestApp } from './test-app';

const dayMs = 86_400_000;

/** A survey already sent to the patient (as the outbox leaves it); returns the link's token. */
export async function buildSentSurvey(
  t: TestApp,
  clinicId: string,
  patientId: string,
  overrides: {
    sentAt?: Date | null;
    expiresAt?: Date;
    language?: string;
    answeredAt?: Date;
    score?: number;
    /** The procedure surveyed, as recorded on the patient then. */
    procedure?: string;
  } = {},
) {
  const token = randomBytes(32).toString('base64url');
  const sentAt = overrides.sentAt === undefined ? new Date() : overrides.sentAt;
  const id = `svy_${randomBytes(6).toString('hex')}`;
  await t.db.insert(surveyRequests).values({
    clinicId,
    id,
    patientId,
    procedure: overrides.procedure ?? 'Dental Implant',
    // A survey asks about one treatment (unique per patient, procedure and date): three days before
    // it was sent, so that a patient's surveys sent at different times are about different ones (a
    // date read off the clock twice in one millisecond made two of them the same treatment).
    procedureDate: new Date((sentAt ?? new Date()).getTime() - 3 * dayMs),
    channel: 'sms',
    language: overrides.language ?? 'es',
    tokenHash: hashSurveyToken(token),
    sentAt,
    expiresAt: overrides.expiresAt ?? new Date((sentAt ?? new Date()).getTime() + 30 * dayMs),
    answeredAt: overrides.answeredAt ?? null,
    score: overrides.score ?? null,
  });
  return { token, id };
}
