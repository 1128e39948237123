import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications, webhookDeliveries } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import {
  connectTrustpilot,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  startWebhookReceiver,
  subscribeToEveryEvent,
  type WebhookReceiver,
} from '../../testing/webhook-receiver';
import { receiveStatus } from '../inbound/inbound.service';
import { ingestClinicReviews } from '../ingestion/ingestion.service';
import { outboxReasons } from '../outbox/outbox.service';
import { sendDueMessages } from '../outbox/send-sweep.service';

// Each event is emitted where its change happens, in the same transaction: these tests make the
// change through the product (HTTP, the ingestion run, a provider's status callback) and read what
// the receiver got.

let t: TestApp;
let receiver: WebhookReceiver;
let sandboxes: ReviewSandboxes;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandboxes = await startReviewSandboxes();
  t = await createTestApp({
    // Its sweeps deliver every clinic's due webhooks: on a database of its own, never another file's.
    ownDatabase: true,
    env: { ...sandboxes.env, WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${receiver.port}` },
  });
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await sandboxes?.close();
});

let pathCount = 0;

/** A Professional clinic with one endpoint subscribed to every event; what it received, verified. */
async function subscribedClinic() {
  const clinic = await buildClinic(t, { tier: 'professional' });
  const { endpoint, received } = await subscribeToEveryEvent(
    t,
    receiver,
    clinic.owner,
    `/emitted/${++pathCount}`,
  );
  return { ...clinic, endpoint, received };
}

const call = (user: SignedInUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: jsonHeaders({ cookie: user.cookie }), payload });

describe('webhook events where their changes happen', () => {
  it('review.created, patient.matched and case.created from a review import, with the spec payloads', async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId, {
      name: 'Kemal Aydın',
      procedure: 'Hair Transplant',
      createdAt: new Date(Date.now() - 20 * 86_400_000),
    });
    const angry = trustpilotReview({
      name: 'Kemal Aydın',
      stars: 2,
      title: 'Hair transplant aftercare',
      daysAgo: 3,
    });
    await connectTrustpilot(t, sandboxes, clinic, [angry]);
    expect(await ingestClinicReviews(t.deps, clinic.clinicId)).toMatchObject({ ok: true, importedCount: 1 });

    const events = await clinic.received();
    const reviewCreated = events.find((e) => e.type === 'review.created')!;
    expect(reviewCreated.data).toEqual({
      review_id: expect.stringMatching(/^rev_/),
      platform: 'trustpilot',
      rating: 2,
    });
    const matched = events.find((e) => e.type === 'patient.matched')!;
    expect(matched.data).toEqual({
      patient_id: patient.id,
      review_id: reviewCreated.data.review_id,
      confidence: expect.any(Number),
    });
    expect(matched.data.confidence).toBeGreaterThan(0);
    expect(matched.data.confidence).toBeLessThanOrEqual(1);
    expect(events.find((e) => e.type === 'case.created')?.data).toMatchObject({
      source: 'review',
      severity: 'high',
      patient_id: patient.id,
      review_id: reviewCreated.data.review_id,
    });

    // A re-run imports nothing and emits nothing.
    await ingestClinicReviews(t.deps, clinic.clinicId);
    expect(await clinic.received()).toHaveLength(events.length);
  });

  it('patient.matched when staff match a review by hand (confidence 1)', async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { name: 'Ana Ruiz' });
    await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({ name: 'A. R.', stars: 5, daysAgo: 1 }),
    ]);
    await ingestClinicReviews(t.deps, clinic.clinicId);
    const reviewId = (await clinic.received()).find((e) => e.type === 'review.created')!.data.review_id;
    const res = await call(clinic.owner, 'POST', `/api/review-matches/${reviewId}/match`, {
      patientId: patient.id,
    });
    expect(res.statusCode).toBe(200);
    const events = await clinic.received();
    expect(events.filter((e) => e.type === 'patient.matched').at(-1)?.data).toEqual({
      patient_id: patient.id,
      review_id: reviewId,
      confidence: 1,
    });
  });

  it('case.created and case.resolved from the Action Queue', async () => {
    const clinic = await subscribedClinic();
    const created = await call(clinic.owner, 'POST', '/api/cases', {
      title: 'Call back about invoice',
      description: null,
      severity: 'medium',
    });
    expect(created.statusCode).toBe(201);
    const caseId = created.json().id;
    const resolved = await call(clinic.owner, 'PATCH', `/api/cases/${caseId}`, { action: 'resolve' });
    expect(resolved.statusCode).toBe(200);
    // Deliveries go out a few at a time: receivers get no order (Standard Webhooks promises none).
    const events = (await clinic.received()).sort((a, b) => a.type.localeCompare(b.type));
    expect(events.map((e) => e.type)).toEqual(['case.created', 'case.resolved']);
    expect(events[0]!.data).toEqual({
      case_id: caseId,
      source: 'manual',
      severity: 'medium',
      patient_id: null,
      review_id: null,
    });
    expect(events[1]!.data).toEqual({ case_id: caseId, resolved_at: expect.stringMatching(/^\d{4}-/) });
  });

  it('consent.changed when staff record marketing consent, and only when it changes', async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId);
    const url = `/api/patients/${patient.id}`;
    expect((await call(clinic.owner, 'PATCH', url, { marketingConsent: 'granted' })).statusCode).toBe(200);
    expect((await call(clinic.owner, 'PATCH', url, { marketingConsent: 'granted' })).statusCode).toBe(200);
    expect((await call(clinic.owner, 'PATCH', url, { marketingConsent: 'withdrawn' })).statusCode).toBe(200);
    const events = await clinic.received();
    expect(events.map((e) => e.data)).toHaveLength(2);
    expect(events.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { patient_id: patient.id, channel: 'marketing', status: 'opted_in', source: 'staff' },
        { patient_id: patient.id, channel: 'marketing', status: 'opted_out', source: 'staff' },
      ]),
    );
  });

  it("sends one endpoint's events in the order they happened: a receiver applying them ends on the last", async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId);
    const url = `/api/patients/${patient.id}`;
    const states = ['granted', 'withdrawn', 'granted', 'withdrawn', 'granted', 'withdrawn'] as const;
    for (const marketingConsent of states) {
      expect((await call(clinic.owner, 'PATCH', url, { marketingConsent })).statusCode).toBe(200);
    }
    // Due together, swept at once (they were sent newest first).
    const events = await clinic.received();
    expect(events.map((e) => e.data.status)).toEqual(
      states.map((state) => (state === 'granted' ? 'opted_in' : 'opted_out')),
    );
  });

  it('consent.changed for each consent column decision of a patient import', async () => {
    const clinic = await subscribedClinic();
    const csv = [
      'First Name,Last Name,Mobile,Email,Treatment Date,Treatment,Marketing consent',
      'John,Smith,+14155552671,john@example.com,2026-03-15,Teeth Whitening,yes',
      'Jane,Doe,+14155550199,jane@example.com,2025-12-01,Root Canal,no',
      'Nora,Blank,+14155550100,nora@example.com,2025-12-01,Root Canal,',
    ].join('\n');
    const res = await call(clinic.owner, 'POST', '/api/patients/import', { csv });
    expect(res.json()).toMatchObject({ inserted: 3 });
    const events = await clinic.received();
    expect(events.map((e) => [e.type, e.data.status, e.data.source]).sort()).toEqual([
      ['consent.changed', 'opted_in', 'import'],
      ['consent.changed', 'opted_out', 'import'],
    ]);
  });

  it("message.failed and consent.changed from a provider's status callback", async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { phone: '+14155552671' });
    await t.db.insert(patientCommunications).values({
      clinicId: clinic.clinicId,
      id: 'msg_status_1',
      patientId: patient.id,
      channel: 'sms',
      kind: 'followup',
      deliveryStatus: 'sent',
      providerMessageId: 'SM-status-1',
      messageContent: 'Hello',
      scheduledAt: new Date(),
      sentAt: new Date(),
    });
    // The status callback's service, as the Twilio route calls it once the signature is checked.
    const webhookClinic = { id: clinic.clinicId } as Parameters<typeof receiveStatus>[1];
    await receiveStatus({ ...t.deps, log: t.app.log }, webhookClinic, {
      providerMessageId: 'SM-status-1',
      status: 'failed',
      error: '21610: unsubscribed recipient',
      optedOutChannel: 'sms',
    });
    const events = (await clinic.received()).sort((a, b) => b.type.localeCompare(a.type));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'message.failed',
        {
          message_id: 'msg_status_1',
          patient_id: patient.id,
          channel: 'sms',
          kind: 'followup',
          reason: 'provider_error',
          error: '21610: unsubscribed recipient',
        },
      ],
      [
        'consent.changed',
        { patient_id: patient.id, channel: 'sms', status: 'opted_out', source: 'provider' },
      ],
    ]);
  });

  it('message.failed when a stopped worker\'s in-flight message is marked "Outcome unknown"', async () => {
    const clinic = await subscribedClinic();
    const patient = await buildPatient(t, clinic.clinicId, { phone: '+14155552671' });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await t.db.insert(patientCommunications).values({
      clinicId: clinic.clinicId,
      id: 'msg_stale_1',
      patientId: patient.id,
      channel: 'whatsapp',
      kind: 'crosssell',
      deliveryStatus: 'sending',
      messageContent: 'Hello',
      attempts: 1,
      scheduledAt: longAgo,
      sentAt: longAgo,
      updatedAt: longAgo,
    });
    const run = await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] });
    expect(run.recovered).toEqual({ requeued: 0, unknown: 1 });
    expect((await clinic.received()).map((e) => [e.type, e.data])).toEqual([
      [
        'message.failed',
        {
          message_id: 'msg_stale_1',
          patient_id: patient.id,
          channel: 'whatsapp',
          kind: 'crosssell',
          reason: 'unknown_outcome',
          error: outboxReasons.unknownOutcome,
        },
      ],
    ]);
  });

  it('queues nothing for a clinic without endpoints, and nothing of another clinic', async () => {
    const subscribed = await subscribedClinic();
    const other = await buildClinic(t, { tier: 'professional' });
    await call(other.owner, 'POST', '/api/cases', {
      title: 'Other clinic case',
      description: null,
      severity: 'low',
    });
    expect(
      await t.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.clinicId, other.clinicId))),
    ).toEqual([]);
    expect(await subscribed.received()).toEqual([]);

    // Below Professional the endpoints stay, and receive nothing.
    await t.db
      .update(clinics)
      .set({ subscriptionTier: 'starter' })
      .where(eq(clinics.id, subscribed.clinicId));
    await call(subscribed.owner, 'POST', '/api/cases', {
      title: 'After downgrade',
      description: null,
      severity: 'low',
    });
    expect(
      await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.clinicId, subscribed.clinicId)),
    ).toEqual([]);
  });
});
