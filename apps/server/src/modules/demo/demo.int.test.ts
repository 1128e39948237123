import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, clinics, patients, reviews } from '../../db/schema';
import { jsonHeaders, signIn } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoIfEmpty } from './demo.service';

// The demo seeds only an empty database: on the shared PostgreSQL test database other tests' clinics exist.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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
    // Issue 17, item 8: the demo clinic is set up, so its dashboard shows no "Finish setting up" banner.
    const onboarding = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: jsonHeaders({ cookie }),
    });
    expect(onboarding.json()).toMatchObject({ wizardCompleted: true, stepCompleted: 4 });
    expect(await seedDemoIfEmpty(t.deps)).toBeNull();
  });
});
