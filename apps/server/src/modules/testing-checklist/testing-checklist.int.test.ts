import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const read = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/testing-checklist', headers: { cookie } });
const update = (cookie: string, testId: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/testing-checklist/${testId}`,
    headers: jsonHeaders({ cookie }),
    payload,
  });
const caseOf = async (cookie: string, id: string) =>
  (await read(cookie)).json().cases.find((c: { id: string }) => c.id === id);
const loggedUpdates = (clinicId: string) =>
  t.db
    .select()
    .from(userActions)
    .where(and(eq(userActions.clinicId, clinicId), eq(userActions.action, 'test_case_updated')));

describe('Testing Checklist API', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/testing-checklist' })).statusCode).toBe(401);
  });

  it('lists the twelve cases, none completed, for a new clinic', async () => {
    const { owner } = await buildClinic(t);
    const res = await read(owner.cookie);
    expect(res.statusCode).toBe(200);
    const cases = res.json().cases;
    expect(cases).toHaveLength(12);
    expect(cases[0]).toEqual({
      id: 'auth-signup-confirm',
      completed: false,
      testedAt: null,
      testedBy: null,
      notes: '',
    });
    expect(cases.every((c: { completed: boolean }) => !c.completed)).toBe(true);
  });

  it('records when and by whom a case was ticked, keeps notes, clears the tester on untick, and logs each change', async () => {
    const clinic = await buildClinic(t);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    const before = Date.now();

    const ticked = await update(staff.cookie, 'comms-opt-out', { completed: true });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json()).toMatchObject({ id: 'comms-opt-out', completed: true, notes: '' });
    expect(ticked.json().testedBy).toBeTruthy();
    expect(Date.parse(ticked.json().testedAt)).toBeGreaterThanOrEqual(before - 1000);

    // A colleague ticking it again does not take the credit; notes alone leave the tick alone.
    await update(clinic.owner.cookie, 'comms-opt-out', { completed: true });
    const noted = await update(clinic.owner.cookie, 'comms-opt-out', { notes: 'STOP via Twilio fake: OK' });
    expect(noted.json()).toEqual({ ...ticked.json(), notes: 'STOP via Twilio fake: OK' });
    expect(await caseOf(clinic.owner.cookie, 'comms-opt-out')).toEqual(noted.json());

    const unticked = await update(staff.cookie, 'comms-opt-out', { completed: false });
    expect(unticked.json()).toEqual({
      id: 'comms-opt-out',
      completed: false,
      testedAt: null,
      testedBy: null,
      notes: 'STOP via Twilio fake: OK',
    });

    const logged = await loggedUpdates(clinic.clinicId);
    expect(logged).toHaveLength(4);
    expect(logged.map((row) => row.context)).toContainEqual({
      testId: 'comms-opt-out',
      completed: false,
      notesChanged: false,
    });
    expect(logged.some((row) => row.userId === staff.userId)).toBe(true);
  });

  it('refuses an unknown case, an empty body and oversized notes with 400, changing nothing', async () => {
    const clinic = await buildClinic(t);
    for (const [id, body] of [
      ['no-such-case', { completed: true }],
      ['comms-opt-out', {}],
      ['comms-opt-out', { completed: 'yes' }],
      ['comms-opt-out', { notes: 'x'.repeat(5001) }],
    ] as const) {
      const res = await update(clinic.owner.cookie, id, body);
      expect(res.statusCode, `${id} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
    }
    expect(
      (await read(clinic.owner.cookie)).json().cases.every((c: { completed: boolean }) => !c.completed),
    ).toBe(true);
    expect(await loggedUpdates(clinic.clinicId)).toHaveLength(0);
  });

  it("keeps each clinic's checklist apart", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await update(a.owner.cookie, 'security-tenant-isolation', { completed: true, notes: 'A only' });
    expect(await caseOf(b.owner.cookie, 'security-tenant-isolation')).toMatchObject({
      completed: false,
      notes: '',
    });
    await update(b.owner.cookie, 'security-tenant-isolation', { completed: false, notes: 'B' });
    expect(await caseOf(a.owner.cookie, 'security-tenant-isolation')).toMatchObject({
      completed: true,
      notes: 'A only',
    });
  });
});
