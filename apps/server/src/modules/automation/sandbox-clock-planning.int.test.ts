import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicAutomationConfigs, clinics } from '../../db/schema';
import { buildClinic } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listClinicsWithAutomationOn } from './automation.repository';

// The real-time planner (the 15-minute job) leaves a clinic on the sandbox clock to its sandbox runs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the real-time planner and the sandbox clock', () => {
  it('plans a clinic with its automation on, and no longer once it runs on the sandbox clock', async () => {
    const { clinicId } = await buildClinic(t);
    await t.db.insert(clinicAutomationConfigs).values({ clinicId, smsEnabled: true });
    const planned = async () =>
      (await listClinicsWithAutomationOn(t.db)).some((c) => c.clinicId === clinicId);
    expect(await planned()).toBe(true);
    await t.db.update(clinics).set({ sandboxMode: 'on', sandboxClock: true }).where(eq(clinics.id, clinicId));
    expect(await planned()).toBe(false);
  });
});
