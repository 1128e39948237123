import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { alerts, clinics, patientCommunications, patients, reviews, webhookLogs } from '../db/schema';
import { newId } from '../lib/ids';
import { buildCase } from './build-case';
import { buildReview } from './build-review';
import { buildSentSurvey } from './build-survey';
import type { TestApp } from './test-app';

const at = (iso: string) => new Date(iso);

async function patient(t: TestApp, clinicId: string, name: string, procedure: string) {
  const id = `P-${randomBytes(5).toString('hex')}`;
  await t.db.insert(patients).values({ clinicId, id, name, procedure });
  return id;
}

async function followUp(
  t: TestApp,
  clinicId: string,
  patientId: string,
  channel: 'sms' | 'whatsapp',
  sentAt: string,
  deliveryStatus: 'delivered' | 'read' | 'failed',
  responseReceived = false,
) {
  await t.db.insert(patientCommunications).values({
    clinicId,
    id: newId('msg'),
    patientId,
    channel,
    kind: 'followup',
    messageContent: 'How are you feeling?',
    deliveryStatus,
    sentAt: at(sentAt),
    responseReceived,
  });
}

/**
 * A Madrid clinic's January 2026, small enough to count by hand (the test states each count).
 * Three patients: A (implant: a detractor, a 2-star review, a high case resolved in time, then a
 * 10 in February: recovered), B (hair: a promoter, a 5-star review, a low case still open),
 * C (implant: no answer, a negative reply, a medium case resolved in February, a failed SMS, an SMS
 * opt-out, then a positive reply in February: recovered).
 */
export async function seedJanuary(t: TestApp, clinicId: string, owners: { owner: string; staff: string }) {
  await t.db.update(clinics).set({ timeZone: 'Europe/Madrid' }).where(eq(clinics.id, clinicId));
  const a = await patient(t, clinicId, 'Ana Ruiz', 'Dental Implant');
  const b = await patient(t, clinicId, 'Bo Li', 'Hair Transplant');
  const c = await patient(t, clinicId, 'Cem Kaya', 'Dental Implant');

  await buildSentSurvey(t, clinicId, a, {
    sentAt: at('2026-01-05T10:00:00Z'),
    answeredAt: at('2026-01-06T10:00:00Z'),
    score: 3,
  });
  await buildSentSurvey(t, clinicId, b, {
    procedure: 'Hair Transplant',
    sentAt: at('2026-01-10T10:00:00Z'),
    answeredAt: at('2026-01-10T12:00:00Z'),
    score: 10,
  });
  await buildSentSurvey(t, clinicId, c, { sentAt: at('2026-01-20T10:00:00Z') });
  // 00:30 on 1 February in Madrid: February's.
  await buildSentSurvey(t, clinicId, a, {
    sentAt: at('2026-01-31T23:30:00Z'),
    answeredAt: at('2026-02-02T10:00:00Z'),
    score: 10,
  });
  // December (the comparison period): a passive.
  await buildSentSurvey(t, clinicId, b, {
    procedure: 'Hair Transplant',
    sentAt: at('2025-12-10T10:00:00Z'),
    answeredAt: at('2025-12-11T10:00:00Z'),
    score: 8,
  });

  const google = await buildReview(t, {
    clinicId,
    provider: 'google',
    rating: 5,
    patientId: b,
    reviewDate: at('2026-01-12T10:00:00Z'),
  });
  const trustpilot = await buildReview(t, {
    clinicId,
    provider: 'trustpilot',
    rating: 2,
    patientId: a,
    reviewDate: at('2026-01-07T10:00:00Z'),
  });
  await buildReview(t, {
    clinicId,
    provider: 'trustpilot',
    rating: 1,
    reviewDate: at('2026-01-15T10:00:00Z'),
  });
  for (const [review, repliedAt] of [
    [google.review, '2026-01-12T14:00:00Z'],
    [trustpilot.review, '2026-01-08T10:00:00Z'],
  ] as const) {
    await t.db
      .update(reviews)
      .set({ publicReplyText: 'Thank you', publicReplyAt: at(repliedAt) })
      .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, review.id)));
  }

  await buildCase(t, {
    clinicId,
    patientId: a,
    severity: 'high',
    status: 'resolved',
    createdAt: at('2026-01-06T11:00:00Z'),
    resolvedAt: at('2026-01-07T11:00:00Z'),
    dueAt: at('2026-01-07T11:00:00Z'),
    ownerUserId: owners.owner,
  });
  await buildCase(t, {
    clinicId,
    patientId: c,
    severity: 'medium',
    status: 'resolved',
    createdAt: at('2026-01-30T10:00:00Z'),
    resolvedAt: at('2026-02-03T10:00:00Z'),
    dueAt: at('2026-01-31T10:00:00Z'),
  });
  await buildCase(t, {
    clinicId,
    patientId: b,
    severity: 'low',
    status: 'open',
    createdAt: at('2026-01-10T10:00:00Z'),
    ownerUserId: owners.staff,
  });

  await followUp(t, clinicId, a, 'sms', '2026-01-07T16:00:00Z', 'delivered', true);
  await followUp(t, clinicId, b, 'whatsapp', '2026-01-11T10:00:00Z', 'read');
  await followUp(t, clinicId, c, 'sms', '2026-01-21T10:00:00Z', 'failed');
  await followUp(t, clinicId, c, 'sms', '2026-01-31T23:30:00Z', 'delivered');
  await t.db
    .update(patients)
    .set({ smsOptedOutAt: at('2026-01-22T10:00:00Z'), smsOptOutSource: 'patient_reply' })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, c)));
  await t.db.insert(alerts).values({
    clinicId,
    id: newId('alr'),
    patientId: c,
    severity: 'medium',
    kind: 'negative_reply',
    createdAt: at('2026-01-25T10:00:00Z'),
  });
  await t.db.insert(webhookLogs).values({
    clinicId,
    id: newId('whl'),
    webhookType: 'inbound_message',
    provider: 'twilio',
    providerMessageId: `SM${randomBytes(8).toString('hex')}`,
    patientId: c,
    messageContent: 'Thank you, feeling much better',
    receivedAt: at('2026-02-05T10:00:00Z'),
    sentiment: 'positive',
  });
  return { a, b, c };
}
