import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseNotes, cases, userActions, users } from '../../db/schema';
import { buildCase } from '../../testing/build-case';
import { buildPatientRow } from '../../testing/build-review';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: payload === undefined ? { cookie, origin: jsonHeaders().origin } : jsonHeaders({ cookie }),
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const clinicCases = (clinicId: string) => t.db.select().from(cases).where(eq(cases.clinicId, clinicId));
const readCase = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.clinicId, clinicId), eq(cases.id, id)))
  )[0]!;
const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('GET /api/cases', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cases' })).statusCode).toBe(401);
  });

  it("lists newest first with the patient's and owner's names, filters by status, and never shows another clinic's", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatientRow(t, clinicId, 'Ana Ruiz');
    const a = await buildCase(t, { clinicId, createdAt: hoursFromNow(-30), status: 'resolved' });
    const b = await buildCase(t, {
      clinicId,
      createdAt: hoursFromNow(-20),
      status: 'in_progress',
      patientId: patient.id,
      ownerUserId: owner.userId,
    });
    const c = await buildCase(t, { clinicId, createdAt: hoursFromNow(-10) });
    await buildCase(t); // another clinic

    const all = (await call(owner.cookie, 'GET', '/api/cases')).json();
    expect(ids(all.cases)).toEqual([c.case.id, b.case.id, a.case.id]);
    expect(all.cases[1]).toMatchObject({
      patientName: 'Ana Ruiz',
      status: 'in_progress',
      owner: { id: owner.userId, name: 'Olivia Owner' },
    });
    expect(all.cases[0]).toMatchObject({ owner: null, patientName: null });

    for (const [status, expected] of [
      ['all', [c, b, a]],
      ['open', [c]],
      ['in_progress', [b]],
      ['resolved', [a]],
    ] as const) {
      const page = (await call(owner.cookie, 'GET', `/api/cases?status=${status}`)).json();
      expect(ids(page.cases)).toEqual(expected.map((x) => x.case.id));
    }
  });

  it('pages with a cursor through cases created at the same moment', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const at = hoursFromNow(-1);
    for (let i = 0; i < 5; i++) await buildCase(t, { clinicId, createdAt: at });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await call(owner.cookie, 'GET', `/api/cases?limit=2${query}`)).json();
      seen.push(...ids(page.cases));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual(ids((await call(owner.cookie, 'GET', '/api/cases')).json().cases));
  });

  it.each([
    ['status=closed-ish', 'status'],
    ['limit=500', 'limit'],
    ['cursor=%%%', 'cursor'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'GET', `/api/cases?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });
});

describe('GET /api/cases/summary', () => {
  it('counts Total, Open, Overdue (past due and unfinished) and High Priority (high and unfinished) for this clinic only', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await buildCase(t, { clinicId, severity: 'high', dueAt: hoursFromNow(-1) }); // open, overdue, high
    await buildCase(t, { clinicId, status: 'in_progress', severity: 'high', dueAt: hoursFromNow(5) }); // high
    await buildCase(t, { clinicId, status: 'resolved', severity: 'high', dueAt: hoursFromNow(-50) });
    await buildCase(t, { clinicId, status: 'closed', severity: 'high', dueAt: hoursFromNow(-50) });
    await buildCase(t, { clinicId, severity: 'low' }); // open, no due time
    await buildCase(t, { severity: 'high', dueAt: hoursFromNow(-1) }); // another clinic
    const res = await call(owner.cookie, 'GET', '/api/cases/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 5, open: 2, overdue: 1, highPriority: 2 });
  });
});

describe('GET /api/cases/:id', () => {
  it("answers the case with its notes; 404 for another clinic's case or an unknown id", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const own = await buildCase(t, { clinicId });
    await call(owner.cookie, 'POST', `/api/cases/${own.case.id}/notes`, { body: 'Called, no answer' });
    await call(owner.cookie, 'POST', `/api/cases/${own.case.id}/notes`, { body: 'Left a voicemail' });
    const res = await call(owner.cookie, 'GET', `/api/cases/${own.case.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().notes.map((n: { body: string }) => n.body)).toEqual([
      'Called, no answer',
      'Left a voicemail',
    ]);
    const other = await buildCase(t);
    for (const id of [other.case.id, 'cas_nope']) {
      expect((await call(owner.cookie, 'GET', `/api/cases/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('POST /api/cases', () => {
  it('creates a manual open case, optionally for one of the clinic patients and with a due time', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatientRow(t, clinicId, 'Bo Li');
    const dueAt = hoursFromNow(48).toISOString();
    const res = await call(owner.cookie, 'POST', '/api/cases', {
      title: '  Follow up on swelling  ',
      description: 'Patient called about swelling',
      severity: 'high',
      patientId: patient.id,
      dueAt,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'manual',
      sourceId: null,
      status: 'open',
      title: 'Follow up on swelling',
      severity: 'high',
      patientName: 'Bo Li',
      dueAt,
    });
    const minimal = await call(owner.cookie, 'POST', '/api/cases', { title: 'Check in' });
    expect(minimal.json()).toMatchObject({
      severity: 'medium',
      dueAt: null,
      patientId: null,
      description: null,
    });
    expect(await clinicCases(clinicId)).toHaveLength(2);
  });

  it.each([
    ['no title', {}, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['an unknown severity', { title: 'x', severity: 'urgent' }, 'severity'],
    ['a bad due time', { title: 'x', dueAt: 'tomorrow' }, 'dueAt'],
  ])('with %s: 400 naming the field, nothing stored', async (_label, body, field) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'POST', '/api/cases', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await clinicCases(clinicId)).toHaveLength(0);
  });

  it("refuses another clinic's patient (400 on patientId) and stores nothing", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const other = await buildClinic(t);
    const foreign = await buildPatientRow(t, other.clinicId, 'Someone Else');
    const res = await call(owner.cookie, 'POST', '/api/cases', { title: 'x', patientId: foreign.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'patientId', message: 'Patient not found' }]);
    expect(await clinicCases(clinicId)).toHaveLength(0);
    expect(await clinicCases(other.clinicId)).toHaveLength(0);
  });
});

describe('PATCH /api/cases/:id', () => {
  it('Start Working then Resolve Case; resolving sets resolved_at and is audited', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const { case: kase } = await buildCase(t, { clinicId });
    const started = await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { action: 'start' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', resolvedAt: null });

    const resolved = await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { action: 'resolve' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().status).toBe('resolved');
    expect(Date.parse(resolved.json().resolvedAt)).toBeGreaterThan(Date.now() - 60_000);

    const actions = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.clinicId, clinicId), eq(userActions.action, 'case_resolved')));
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      userId: owner.userId,
      context: { caseId: kase.id, from: 'in_progress' },
    });
  });

  it('an open case can be resolved directly', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const { case: kase } = await buildCase(t, { clinicId });
    const res = await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { action: 'resolve' });
    expect(res.json().status).toBe('resolved');
  });

  it.each([
    ['in_progress', 'start'],
    ['resolved', 'start'],
    ['resolved', 'resolve'],
    ['closed', 'resolve'],
    ['closed', 'start'],
  ] as const)('a %s case cannot %s: 409, unchanged', async (status, action) => {
    const { clinicId, owner } = await buildClinic(t);
    const { case: kase } = await buildCase(t, { clinicId, status });
    const res = await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { action });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect((await readCase(clinicId, kase.id)).status).toBe(status);
  });

  it.each([
    ['an empty body', {}],
    ['an unknown action', { action: 'close' }],
  ])('%s is a 400', async (_label, body) => {
    const { clinicId, owner } = await buildClinic(t);
    const { case: kase } = await buildCase(t, { clinicId });
    const res = await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, body);
    expect(res.statusCode).toBe(400);
    expect((await readCase(clinicId, kase.id)).status).toBe('open');
  });

  it('assigns an owner from the same clinic and clears it with null', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const { case: kase } = await buildCase(t, { clinicId });
    const res = await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, { ownerUserId: staff.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', owner: { id: staff.userId } });
    const cleared = await call(staff.cookie, 'PATCH', `/api/cases/${kase.id}`, { ownerUserId: null });
    expect(cleared.json().owner).toBeNull();
  });

  it('refuses an owner from another clinic (400) and changes nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const other = await buildClinic(t);
    const { case: kase } = await buildCase(t, { clinicId });
    const res = await call(owner.cookie, 'PATCH', `/api/cases/${kase.id}`, {
      action: 'start',
      ownerUserId: other.owner.userId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'ownerUserId', message: 'The owner must be a member of this clinic' },
    ]);
    expect(await readCase(clinicId, kase.id)).toMatchObject({ status: 'open', ownerUserId: null });
  });

  it("answers 404 for another clinic's case and leaves it unchanged", async () => {
    const { owner } = await buildClinic(t);
    const other = await buildCase(t);
    const res = await call(owner.cookie, 'PATCH', `/api/cases/${other.case.id}`, { action: 'resolve' });
    expect(res.statusCode).toBe(404);
    expect((await readCase(other.clinicId, other.case.id)).status).toBe('open');
  });
});

describe('POST /api/cases/:id/notes', () => {
  it('records the body, the author and the time', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const { case: kase } = await buildCase(t, { clinicId });
    const res = await call(staff.cookie, 'POST', `/api/cases/${kase.id}/notes`, {
      body: ' Spoke to patient ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ body: 'Spoke to patient', author: { id: staff.userId } });
    expect(Date.parse(res.json().createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const stored = await t.db.select().from(caseNotes).where(eq(caseNotes.caseId, kase.id));
    expect(stored).toMatchObject([{ clinicId, authorUserId: staff.userId, body: 'Spoke to patient' }]);
  });

  it.each([
    ['no body', {}],
    ['a blank body', { body: '  ' }],
  ])('with %s: 400 naming body, nothing stored', async (_label, payload) => {
    const { clinicId, owner } = await buildClinic(t);
    const { case: kase } = await buildCase(t, { clinicId });
    const res = await call(owner.cookie, 'POST', `/api/cases/${kase.id}/notes`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'body' })]),
    );
    expect(await t.db.select().from(caseNotes).where(eq(caseNotes.caseId, kase.id))).toHaveLength(0);
  });

  it("answers 404 on another clinic's case and stores nothing", async () => {
    const { owner } = await buildClinic(t);
    const other = await buildCase(t);
    const res = await call(owner.cookie, 'POST', `/api/cases/${other.case.id}/notes`, { body: 'hi' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(caseNotes).where(eq(caseNotes.caseId, other.case.id))).toHaveLength(0);
  });
});

describe('GET /api/clinic-members', () => {
  it('lists members in alphabetical order as people read it, accents and Turkish letters beside their base letter', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const names = [
      'Zeynep Kaya',
      'Álvaro Gil',
      'Çağla Demir',
      'Ömer Aydın',
      'İlker Şahin',
      'Ana Ruiz',
      'Cem Uçar',
    ];
    for (const name of names) {
      const member = await buildMember(t, clinicId, 'staff');
      await t.db.update(users).set({ name }).where(eq(users.id, member.userId));
    }
    await t.db.update(users).set({ name: 'Beatriz Owner' }).where(eq(users.id, owner.userId));
    const res = await call(owner.cookie, 'GET', '/api/clinic-members');
    expect(res.json().members.map((m: { name: string }) => m.name)).toEqual([
      'Álvaro Gil',
      'Ana Ruiz',
      'Beatriz Owner',
      'Çağla Demir',
      'Cem Uçar',
      'İlker Şahin',
      'Ömer Aydın',
      'Zeynep Kaya',
    ]);
  });

  it("lists the caller's clinic members only", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    await buildClinic(t);
    const res = await call(staff.cookie, 'GET', '/api/clinic-members');
    expect(res.statusCode).toBe(200);
    const members = res.json().members;
    expect(members.map((m: { id: string }) => m.id).sort()).toEqual([owner.userId, staff.userId].sort());
    expect(members.find((m: { id: string }) => m.id === owner.userId)).toMatchObject({
      email: owner.email,
      role: 'owner',
    });
  });
});
