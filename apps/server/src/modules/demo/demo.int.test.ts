import { npsCategory } from '@careloop/domain/surveys/nps';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cases,
  clinics,
  patientCommunications,
  patients,
  reviews,
  surveyRequests,
  users,
} from '../../db/schema';
import { jsonHeaders, signIn, uniqueEmail } from '../../testing/build-user';
import { readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { planClinicSurveys } from '../surveys/survey-planner';
import { seedDemoClinic, seedDemoIfEmpty } from './demo.service';
import { demoSurveyPatients } from './demo-surveys';

// The demo seeds only an empty database: the app gets one of its own (other files' clinics live in
// the shared one).
describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownDatabase: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('on an empty database creates a sandbox clinic with patients, reviews and cases, and a demo login that works; once only', async () => {
    const demo = await seedDemoIfEmpty(t.deps);
    expect(demo).not.toBeNull();
    const [clinic] = await t.db.select().from(clinics).where(eq(clinics.id, demo!.clinicId));
    expect(clinic?.sandboxMode).toBe('on');
    expect(
      (await t.db.select().from(patients).where(eq(patients.clinicId, demo!.clinicId))).length,
    ).toBeGreaterThanOrEqual(6);
    const demoReviews = await t.db.select().from(reviews).where(eq(reviews.clinicId, demo!.clinicId));
    const demoCases = await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.clinicId, demo!.clinicId), eq(cases.source, 'review')));
    expect(demoCases).toHaveLength(demoReviews.filter((r) => r.rating <= 3).length);
    const cookie = await signIn(t, demo!.email, demo!.password);
    expect(cookie).toContain('session_token');
    // The demo clinic is set up, so its dashboard shows no "Finish setting up" banner.
    const onboarding = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: jsonHeaders({ cookie }),
    });
    expect(onboarding.json()).toMatchObject({ wizardCompleted: true, stepCompleted: 4 });
    // No confirmation e-mail for the demo user, else every fresh start would write one.
    expect(readOutbox(t.outboxDir, demo!.email)).toEqual([]);
    expect(await seedDemoIfEmpty(t.deps)).toBeNull();
  });
});

// A seed that signed the demo owner up like a visitor would mail them a confirmation link at each
// fresh start. A sign-up the server makes itself is verified and mails nothing.
describe('the demo owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is created verified, with no confirmation e-mail in the outbox, and signs in', async () => {
    const owner = { email: uniqueEmail('demo-owner'), password: 'demo-owner-password-1' };
    const demo = await seedDemoClinic(t.deps, owner);
    expect(demo.email).toBe(owner.email);
    expect(readOutbox(t.outboxDir, owner.email)).toEqual([]);
    const [user] = await t.db.select().from(users).where(eq(users.email, owner.email));
    expect(user?.emailVerified).toBe(true);
    expect(await signIn(t, owner.email, owner.password)).toContain('session_token');
  });
});

describe('the demo clinic’s surveys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds five weeks of sent surveys and answers, promoters to detractors, with their cases and messages', async () => {
    const owner = { email: uniqueEmail('demo-surveys'), password: 'demo-owner-password-1' };
    const { clinicId } = await seedDemoClinic(t.deps, owner);
    const all = await t.db.select().from(surveyRequests).where(eq(surveyRequests.clinicId, clinicId));
    // The four months of history (demo-history) are written directly; these five weeks are answered.
    const requests = all.filter((r) => !r.patientId.startsWith('P-H'));
    expect(requests).toHaveLength(demoSurveyPatients.length);
    const answered = requests.filter((r) => r.score !== null);
    expect(answered).toHaveLength(demoSurveyPatients.filter((p) => p.answer).length);
    const groups = new Set(answered.map((r) => npsCategory(r.score!)));
    expect(groups).toEqual(new Set(['promoter', 'passive', 'detractor']));
    expect(new Set(answered.filter((r) => r.comment).map((r) => r.language))).toEqual(
      new Set(['en', 'es', 'tr']),
    );
    const sentTimes = requests.map((r) => r.sentAt!.getTime());
    expect(Math.max(...sentTimes) - Math.min(...sentTimes)).toBeGreaterThan(21 * 86_400_000);
    // Each survey's link is the one its id derives, and its message is in the outbox under the same id.
    const messages = await t.db
      .select()
      .from(patientCommunications)
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.kind, 'survey')));
    expect(messages.map((m) => m.id).sort()).toEqual(all.map((r) => r.id).sort());
    for (const r of all) expect(r.tokenHash).toBe(t.deps.surveyLinkTokens.hashFor(r.id));
    // Every detractor's answer opened its case through the answer path.
    const surveyCases = await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.clinicId, clinicId), eq(cases.source, 'survey')));
    expect(surveyCases.map((c) => c.sourceId).sort()).toEqual(
      all
        .filter((r) => r.score !== null && r.score <= 6)
        .map((r) => r.id)
        .sort(),
    );
    // On a plan with surveys, the planner does not survey a seeded patient a second time.
    await t.db.update(clinics).set({ subscriptionTier: 'professional' }).where(eq(clinics.id, clinicId));
    const planned = await planClinicSurveys(t.deps, clinicId, new Date());
    // The demo's own recent patients (treated 3 and 4 days ago) are due and planned.
    expect(planned.planned).toBeGreaterThan(0);
    const perPatient = await t.db
      .select({ patientId: surveyRequests.patientId })
      .from(surveyRequests)
      .where(eq(surveyRequests.clinicId, clinicId));
    const seeded = new Set(all.map((r) => r.patientId));
    expect(perPatient.filter((r) => seeded.has(r.patientId))).toHaveLength(all.length);
  });
});
