import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, clinics, patients, reviews, users } from '../../db/schema';
import { jsonHeaders, signIn, uniqueEmail } from '../../testing/build-user';
import { readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoClinic, seedDemoIfEmpty } from './demo.service';

// The demo seeds only an empty database: on the shared PostgreSQL test database other tests' clinics exist.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('demo seed', () => {
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
    const demoCases = await t.db.select().from(cases).where(eq(cases.clinicId, demo!.clinicId));
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
