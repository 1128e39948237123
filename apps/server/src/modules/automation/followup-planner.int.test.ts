import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications, patients } from '../../db/schema';
import type { JobContext } from '../../jobs/job-definition';
import { planClinicFollowUpsJob, planFollowUpsJob } from '../../jobs/plan-followups.job';
import { jobRegistry } from '../../jobs/registry';
import { buildReview } from '../../testing/build-review';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findClinicAutomation } from './automation.repository';
import { planClinicFollowUps, planClinicFollowUpsNow } from './followup-planner';

let t: TestApp;
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ observeQuery: (sql) => statements.push(sql) });
});
afterAll(async () => {
  await t?.close();
});

const dayMs = 86_400_000;
const allDay = { sendFrom: '00:00', sendUntil: '23:59' };

/** A clinic whose SMS credentials and sender are saved (the channel can send), with these settings. */
async function readyClinic(settings: object = {}, timeZone = 'UTC') {
  const clinic = await buildClinic(t);
  const headers = jsonHeaders({ cookie: clinic.owner.cookie });
  const sms = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers,
    payload: {
      provider: 'twilio',
      accountSid: `AC${'1'.repeat(32)}`,
      authToken: 'x'.repeat(32),
      fromNumber: '+14155552671',
    },
  });
  expect(sms.statusCode).toBe(200);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/automation/settings',
    headers,
    payload: settings,
  });
  expect(saved.statusCode).toBe(200);
  await t.db.update(clinics).set({ timeZone }).where(eq(clinics.id, clinic.clinicId));
  return clinic;
}

type PatientOptions = {
  procedureDate: Date;
  phone?: string | null;
  smsOptedOut?: boolean;
  marketingConsent?: boolean;
  language?: string;
};

async function addPatient(clinicId: string, options: PatientOptions) {
  const id = `P-${randomBytes(6).toString('hex')}`;
  const now = new Date();
  await t.db.insert(patients).values({
    clinicId,
    id,
    name: `Patient ${id}`,
    phone: options.phone === undefined ? '+34612345678' : options.phone,
    procedure: 'Dental Implant',
    language: options.language ?? null,
    procedureDate: options.procedureDate,
    smsOptedOutAt: options.smsOptedOut ? now : null,
    smsOptOutSource: options.smsOptedOut ? 'patient_reply' : null,
    marketingConsent: options.marketingConsent ? 'granted' : null,
    marketingConsentAt: options.marketingConsent ? now : null,
    marketingConsentSource: options.marketingConsent ? 'staff' : null,
  });
  return id;
}

async function outbox(clinicId: string) {
  return t.db
    .select()
    .from(patientCommunications)
    .where(eq(patientCommunications.clinicId, clinicId))
    .orderBy(asc(patientCommunications.patientId), asc(patientCommunications.kind));
}

async function planAt(clinicId: string, now: Date, batchSize?: number) {
  const clinic = await findClinicAutomation(t.db, clinicId);
  return planClinicFollowUps(t.deps, clinic!, { now, batchSize });
}

type Sent = { name: string; payload: object; singletonKey?: string };

/** A job context whose `sendMany` runs each job it names at once, as a worker would, and remembers it. */
const jobContext = (sent: Sent[] = []): JobContext => {
  const ctx: JobContext = {
    db: t.db,
    config: t.config,
    secretBox: t.deps.secretBox,
    mailer: t.deps.mailer,
    unsubscribeTokens: t.deps.unsubscribeTokens,
    surveyLinkTokens: t.deps.surveyLinkTokens,
    log: pino({ level: 'silent' }),
    sendMany: async (name, jobs) => {
      const job = jobRegistry.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`no job ${name}`);
      for (const { payload, singletonKey } of jobs) {
        sent.push({ name, payload, singletonKey });
        await job.run(payload, ctx);
      }
      return jobs.length;
    },
  };
  return ctx;
};

describe('plan-followups job', () => {
  it('is scheduled every 15 minutes', () => {
    expect(planFollowUpsJob.schedule).toEqual({ cron: '*/15 * * * *' });
  });

  it('plans each due follow-up once in batches, and plans nothing the second time', async () => {
    const { clinicId } = await readyClinic({ quietHours: allDay });
    const other = await buildClinic(t); // automation never set up: nothing planned for it
    const yesterday = new Date(Date.now() - dayMs);
    const due = [];
    for (let i = 0; i < 25; i++) due.push(await addPatient(clinicId, { procedureDate: yesterday }));
    await addPatient(clinicId, { procedureDate: new Date(Date.now() + dayMs) }); // not yet
    await addPatient(clinicId, { procedureDate: new Date(Date.now() - 60 * dayMs) }); // long past
    await addPatient(clinicId, { procedureDate: yesterday, phone: null }); // no phone
    await addPatient(other.clinicId, { procedureDate: yesterday });

    await planFollowUpsJob.handle({ batchSize: 100 }, jobContext());
    const first = await outbox(clinicId);
    expect(first.map((m) => m.patientId).sort()).toEqual([...due].sort());
    for (const message of first) {
      expect(message).toMatchObject({
        kind: 'followup',
        scheduleDay: 1,
        channel: 'sms',
        deliveryStatus: 'queued',
        dedupeKey: `${message.patientId}:followup:1`,
        language: 'en',
        isMarketing: false,
      });
      expect(message.scheduledAt).toBeInstanceOf(Date);
      expect(message.sendDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(await outbox(other.clinicId)).toEqual([]);

    await planFollowUpsJob.handle({ batchSize: 100 }, jobContext());
    expect(await outbox(clinicId)).toHaveLength(25);
    // Small batches walk every patient and still store nothing twice.
    expect((await planAt(clinicId, new Date(), 7)).planned).toBe(0);
    expect(await outbox(clinicId)).toHaveLength(25);
  });

  it('fans out one job per clinic with its automation on, each keyed by its clinic', async () => {
    const { clinicId } = await readyClinic({ quietHours: allDay });
    const off = await buildClinic(t); // automation never set up: no job for it
    const sent: Sent[] = [];
    await planFollowUpsJob.handle({ batchSize: 100 }, jobContext(sent));
    const forClinic = sent.filter((job) => job.singletonKey === clinicId);
    expect(forClinic).toEqual([
      { name: planClinicFollowUpsJob.name, payload: { clinicId, batchSize: 100 }, singletonKey: clinicId },
    ]);
    expect(sent.every((job) => job.name === planClinicFollowUpsJob.name)).toBe(true);
    expect(sent.some((job) => job.singletonKey === off.clinicId)).toBe(false);
  });

  it("a clinic's job reads its automation configuration once, and leaves a clinic now on the sandbox clock", async () => {
    const { clinicId } = await readyClinic({ quietHours: allDay });
    await addPatient(clinicId, { procedureDate: new Date(Date.now() - dayMs) });
    statements.length = 0;
    expect((await planClinicFollowUpsNow(t.deps, clinicId, { now: new Date() })).planned).toBe(1);
    expect(
      statements.filter((sql) =>
        /from "clinic_automation_configs"|join "clinic_automation_configs"/.test(sql),
      ),
    ).toHaveLength(1);

    const another = await readyClinic({ quietHours: allDay });
    await addPatient(another.clinicId, { procedureDate: new Date(Date.now() - dayMs) });
    await t.db
      .update(clinics)
      .set({ sandboxMode: 'on', sandboxClock: true })
      .where(eq(clinics.id, another.clinicId));
    expect(await planClinicFollowUpsNow(t.deps, another.clinicId, { now: new Date() })).toMatchObject({
      planned: 0,
    });
    expect(await outbox(another.clinicId)).toEqual([]);
  });

  it('plans nothing while no channel can send (no credentials saved)', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/automation/settings',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { quietHours: allDay },
    });
    await addPatient(clinicId, { procedureDate: new Date(Date.now() - dayMs) });
    expect((await planAt(clinicId, new Date())).planned).toBe(0);
    expect(await outbox(clinicId)).toEqual([]);
  });
});

describe('planning: consent and opt-outs', () => {
  it('skips a patient opted out of SMS, and cross-sells only with marketing consent', async () => {
    const { clinicId } = await readyClinic({
      quietHours: allDay,
      crosssellEnabled: true,
      crosssellDelayDays: 30,
      followupSchedule: { '1': true, '3': true, '7': true, '14': true, '30': false },
    });
    const now = new Date();
    const optedOut = await addPatient(clinicId, {
      procedureDate: new Date(now.getTime() - dayMs),
      smsOptedOut: true,
    });
    const monthAgo = new Date(now.getTime() - 30 * dayMs);
    const noConsent = await addPatient(clinicId, { procedureDate: monthAgo });
    const consented = await addPatient(clinicId, {
      procedureDate: monthAgo,
      marketingConsent: true,
      language: 'tr',
    });
    const consentedButUnhappy = await addPatient(clinicId, {
      procedureDate: monthAgo,
      marketingConsent: true,
    });
    for (const patientId of [noConsent, consented]) await buildReview(t, { clinicId, patientId, rating: 5 });
    await buildReview(t, { clinicId, patientId: consentedButUnhappy, rating: 2 });

    const result = await planAt(clinicId, now);
    const rows = await outbox(clinicId);
    expect(rows.map((m) => [m.patientId, m.kind, m.scheduleDay])).toEqual([[consented, 'crosssell', 30]]);
    expect(rows[0]).toMatchObject({
      isMarketing: true,
      language: 'tr',
      dedupeKey: `${consented}:crosssell:30`,
    });
    expect(result).toMatchObject({ planned: 1, skipped: 2 });
    expect(rows.some((m) => m.patientId === optedOut)).toBe(false);

    // Opting out stops the next planned message.
    await t.db
      .update(patients)
      .set({ smsOptedOutAt: now, smsOptOutSource: 'patient_reply' })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, noConsent)));
    await t.db
      .update(patients)
      .set({ marketingConsent: 'granted', marketingConsentAt: now, marketingConsentSource: 'staff' })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, noConsent)));
    expect((await planAt(clinicId, now)).planned).toBe(0);
  });
});

describe('planning: quiet hours and the daily cap in the clinic time zone', () => {
  // 2026-06-10 in Madrid (UTC+2 in summer); the procedure was the day before: day 1 is due.
  const procedureDate = new Date('2026-06-09T10:00:00Z');

  it('defers a message due before the window opens to 09:00 local', async () => {
    const { clinicId } = await readyClinic({}, 'Europe/Madrid');
    await addPatient(clinicId, { procedureDate });
    await planAt(clinicId, new Date('2026-06-10T05:00:00Z')); // 07:00 in Madrid
    const [message] = await outbox(clinicId);
    expect(message?.scheduledAt?.toISOString()).toBe('2026-06-10T07:00:00.000Z');
    expect(message?.sendDate).toBe('2026-06-10');
  });

  it('sends inside the window at once, and after 20:00 moves to the next morning', async () => {
    const { clinicId } = await readyClinic({}, 'Europe/Madrid');
    const during = await addPatient(clinicId, { procedureDate });
    await planAt(clinicId, new Date('2026-06-10T10:15:00Z')); // 12:15 in Madrid
    const other = await readyClinic({}, 'Europe/Madrid');
    await addPatient(other.clinicId, { procedureDate });
    await planAt(other.clinicId, new Date('2026-06-10T18:30:00Z')); // 20:30 in Madrid
    const [inside] = await outbox(clinicId);
    expect(inside?.patientId).toBe(during);
    expect(inside?.scheduledAt?.toISOString()).toBe('2026-06-10T10:15:00.000Z');
    const [late] = await outbox(other.clinicId);
    expect(late?.scheduledAt?.toISOString()).toBe('2026-06-11T07:00:00.000Z');
    expect(late?.sendDate).toBe('2026-06-11');
  });

  it('holds one message a day per patient: a second one waits for the next day', async () => {
    const { clinicId } = await readyClinic({}, 'Europe/Madrid');
    const patientId = await addPatient(clinicId, { procedureDate });
    await t.db.insert(patientCommunications).values({
      clinicId,
      id: `msg_${randomBytes(6).toString('hex')}`,
      patientId,
      channel: 'sms',
      kind: 'test',
      messageContent: 'Test message',
      deliveryStatus: 'sent',
      sentAt: new Date('2026-06-10T08:00:00Z'),
    });
    await planAt(clinicId, new Date('2026-06-10T10:00:00Z'));
    const planned = (await outbox(clinicId)).find((m) => m.kind === 'followup');
    expect(planned?.scheduledAt?.toISOString()).toBe('2026-06-11T07:00:00.000Z');
  });
});
