import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, patientCommunications, patients, reviews } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
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
  t.app.inject({ method, url, headers: jsonHeaders({ cookie }), payload: payload as object | undefined });

const storedPatients = (clinicId: string) =>
  t.db.select().from(patients).where(eq(patients.clinicId, clinicId));

describe('add a patient', () => {
  it("stores it with an id 'P-' + timestamp, E.164 phone, nulls for empty fields, status active and today's procedure date", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const before = Date.now();
    const res = await call(owner.cookie, 'POST', '/api/patients', {
      name: '  Ana Ruiz ',
      email: '',
      phone: '+1 (415) 555-2671',
      procedure: 'Hair Transplant',
      comment: '   ',
    });
    expect(res.statusCode).toBe(201);
    const patient = res.json();
    expect(patient).toMatchObject({
      name: 'Ana Ruiz',
      email: null,
      phone: '+14155552671',
      procedure: 'Hair Transplant',
      comment: null,
      status: 'active',
      lastCheck: null,
    });
    expect(patient.id).toMatch(/^P-\d{13}(-\d+)?$/);
    expect(Number(patient.id.slice(2, 15))).toBeGreaterThanOrEqual(before);
    // Today at the server's instant of creation (the id's millisecond), not at this line's: at midnight they differ.
    expect(patient.procedureDate.slice(0, 10)).toBe(
      new Date(Number(patient.id.slice(2, 15))).toISOString().slice(0, 10),
    );
    const [row] = await storedPatients(clinicId);
    expect(row).toMatchObject({ id: patient.id, email: null, comment: null, phone: '+14155552671' });
  });

  it('gives patients created in the same millisecond distinct ids', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(owner.cookie, 'POST', '/api/patients', { name: `P ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const ids = results.map((r) => r.json().id);
    expect(new Set(ids).size).toBe(6);
    expect(await storedPatients(clinicId)).toHaveLength(6);
  });

  it("answers a missing name with 400 'Name required' and the spec's description, storing nothing", async () => {
    const { clinicId, owner } = await buildClinic(t);
    for (const payload of [{}, { name: '   ', email: 'ana@example.com' }]) {
      const res = await call(owner.cookie, 'POST', '/api/patients', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Name required',
        details: [
          { field: 'name', message: 'Name required', description: "Please enter the patient's name." },
        ],
      });
    }
    expect(await storedPatients(clinicId)).toHaveLength(0);
  });

  it.each([
    ['an invalid phone', { name: 'Ana', phone: '12' }, 'phone', 'Please enter a valid phone number'],
    ['an invalid e-mail', { name: 'Ana', email: 'not-mail' }, 'email', 'Please enter a valid email address'],
    [
      'an unlisted procedure',
      { name: 'Ana', procedure: 'Facelift' },
      'procedure',
      'Please choose a listed procedure',
    ],
    ['an unknown status', { name: 'Ana', status: 'gone' }, 'status', null],
  ])('answers %s with 400 naming the field, storing nothing', async (_label, payload, field, message) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'POST', '/api/patients', payload);
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; message: string }[];
    expect(details.map((d) => d.field)).toContain(field);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await storedPatients(clinicId)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: jsonHeaders(),
      payload: { name: 'Ana' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Not authenticated');
  });
});

describe('read and edit a patient', () => {
  it('gets one patient; another clinic gets the same 404 as for a missing id', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const patient = await buildPatient(t, a.clinicId, { name: 'Ana Ruiz', email: 'ana@example.com' });
    const mine = await call(a.owner.cookie, 'GET', `/api/patients/${patient.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: patient.id, name: 'Ana Ruiz', email: 'ana@example.com' });

    const theirs = await call(b.owner.cookie, 'GET', `/api/patients/${patient.id}`);
    const missing = await call(b.owner.cookie, 'GET', '/api/patients/P-0');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
  });

  it('updates name, contact, procedure, status and comment, and updated_at', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatient(t, clinicId, {
      email: 'old@example.com',
      createdAt: new Date(Date.now() - 60_000),
    });
    const res = await call(owner.cookie, 'PATCH', `/api/patients/${patient.id}`, {
      name: 'Ana María Ruiz',
      email: '',
      phone: '+44 20 7946 0958',
      procedure: 'Root Canal',
      status: 'red',
      comment: 'Swelling on day 3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ana María Ruiz',
      email: null,
      phone: '+442079460958',
      procedure: 'Root Canal',
      status: 'red',
      comment: 'Swelling on day 3',
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(patient.updatedAt.getTime());
    expect(res.json().createdAt).toBe(patient.createdAt.toISOString());
  });

  it('changes only the fields given', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatient(t, clinicId, { email: 'keep@example.com', phone: '+14155552671' });
    const res = await call(owner.cookie, 'PATCH', `/api/patients/${patient.id}`, { status: 'watch' });
    expect(res.json()).toMatchObject({ status: 'watch', email: 'keep@example.com', phone: '+14155552671' });
  });

  it('refuses a bad edit with 400 and leaves the patient unchanged', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatient(t, clinicId, { name: 'Ana' });
    const res = await call(owner.cookie, 'PATCH', `/api/patients/${patient.id}`, { name: '', phone: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Name required');
    expect(
      res
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['name', 'phone']);
    const [row] = await storedPatients(clinicId);
    expect(row).toMatchObject({ name: 'Ana', phone: null });
  });

  it('another clinic cannot edit the patient (404) and the patient is unchanged', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const patient = await buildPatient(t, a.clinicId, { name: 'Ana' });
    const res = await call(b.owner.cookie, 'PATCH', `/api/patients/${patient.id}`, { name: 'Taken over' });
    expect(res.statusCode).toBe(404);
    const [row] = await storedPatients(a.clinicId);
    expect(row!.name).toBe('Ana');
  });
});

describe('list patients', () => {
  async function clinicWithPatients(count: number) {
    const clinic = await buildClinic(t);
    const base = Date.now() - count * 1000;
    const built = [];
    for (let i = 0; i < count; i += 1) {
      // Pairs share a created_at, so ties must be broken by id without skipping or repeating.
      built.push(
        await buildPatient(t, clinic.clinicId, {
          name: `Patient ${String(i).padStart(2, '0')}`,
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        }),
      );
    }
    return { ...clinic, built };
  }

  it('pages newest first with a cursor, each patient exactly once, with the total on the first page only', async () => {
    const { owner, built } = await clinicWithPatients(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/patients?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call(owner.cookie, 'GET', url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // Later pages do not count the clinic again; the list keeps the first page's total.
      expect(body.total).toBe(pages === 0 ? 7 : null);
      seen.push(...body.patients.map((p: { id: string }) => p.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    const expected = [...built]
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? -1 : 1))
      .map((p) => p.id);
    expect(seen).toEqual(expected);
  });

  it('lists each patient exactly as its own page answers it (times to the millisecond, consent, language)', async () => {
    const { owner } = await buildClinic(t);
    const created = await call(owner.cookie, 'POST', '/api/patients', {
      name: 'Lucía Ortega',
      email: 'lucia@example.com',
      phone: '+34612345678',
      procedure: 'Dental Implant',
      procedureDate: '2026-03-29',
      language: 'es',
      marketingConsent: 'granted',
      comment: 'Prefers WhatsApp',
    });
    expect(created.statusCode).toBe(201);
    const detail = (await call(owner.cookie, 'GET', `/api/patients/${created.json().id}`)).json();
    const listed = (await call(owner.cookie, 'GET', '/api/patients?limit=20')).json().patients;
    // The page also says whether automated messages are paused (not a list field); the list also
    // shows the risk badge (a new patient: low, no reasons).
    const { automatedMessagesPaused, ...asListed } = detail;
    expect(automatedMessagesPaused).toBeNull();
    expect(listed).toEqual([{ ...asListed, risk: { level: 'low', reasons: [] } }]);
    expect(detail.marketingConsent).toMatchObject({ state: 'granted', source: 'staff' });
  });

  it('searches name, e-mail and phone case-insensitively, and filters by status', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await buildPatient(t, clinicId, { name: 'Ana Ruiz', email: 'ana@smile.example', status: 'red' });
    await buildPatient(t, clinicId, { name: 'Bob Stone', email: 'BOB@Mail.example', phone: '+14155552671' });
    await buildPatient(t, clinicId, { name: 'Cem Yılmaz', phone: '+905321234567', status: 'watch' });
    const names = async (query: string) => {
      const res = await call(owner.cookie, 'GET', `/api/patients?${query}`);
      expect(res.statusCode).toBe(200);
      return {
        names: res
          .json()
          .patients.map((p: { name: string }) => p.name)
          .sort(),
        total: res.json().total,
      };
    };
    expect(await names('q=ruiz')).toEqual({ names: ['Ana Ruiz'], total: 1 });
    expect(await names('q=bob%40mail')).toEqual({ names: ['Bob Stone'], total: 1 });
    expect(await names(`q=${encodeURIComponent('(415) 555')}`)).toEqual({ names: ['Bob Stone'], total: 1 });
    expect(await names('q=%2B90532')).toEqual({ names: ['Cem Yılmaz'], total: 1 });
    expect(await names('q=%25')).toEqual({ names: [], total: 0 });
    expect(await names('status=red')).toEqual({ names: ['Ana Ruiz'], total: 1 });
    expect(await names('status=watch&q=cem')).toEqual({ names: ['Cem Yılmaz'], total: 1 });
    expect((await names('')).total).toBe(3);
  });

  it('a Turkish name is found as a Turkish user types it, in capitals or not', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await buildPatient(t, clinicId, { name: 'Işık Yılmaz' });
    await buildPatient(t, clinicId, { name: 'İsmail Çağrı' });
    await buildPatient(t, clinicId, { name: 'Iñaki Núñez' });
    const found = async (q: string) => {
      const res = await call(owner.cookie, 'GET', `/api/patients?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .patients.map((p: { name: string }) => p.name)
        .sort();
    };
    for (const q of ['IŞIK', 'ışık', 'YILMAZ', 'yılmaz', 'yilmaz'])
      expect(await found(q)).toEqual(['Işık Yılmaz']);
    for (const q of ['İSMAİL', 'ismail', 'ÇAĞRI', 'çağrı']) expect(await found(q)).toEqual(['İsmail Çağrı']);
    expect(await found('IÑAKI')).toEqual(['Iñaki Núñez']);
    expect(await found('ı%')).toEqual([]);
  });

  it("never lists another clinic's patients", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await buildPatient(t, a.clinicId, { name: 'Only In A' });
    const res = await call(b.owner.cookie, 'GET', '/api/patients?q=only');
    expect(res.json()).toEqual({ patients: [], nextCursor: null, total: 0 });
    const all = await call(b.owner.cookie, 'GET', '/api/patients');
    expect(all.json().total).toBe(0);
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['cursor=nonsense', 'cursor'],
    ['status=lost', 'status'],
  ])('answers %s with 400 naming the field', async (query, field) => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'GET', `/api/patients?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe('patient timeline', () => {
  it("lists the patient's reviews, cases and messages newest first, and only theirs", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const patient = await buildPatient(t, clinicId);
    const other = await buildPatient(t, clinicId, { name: 'Someone Else' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await t.db.insert(reviews).values([
      {
        clinicId,
        id: 'rev_1',
        provider: 'trustpilot',
        providerReviewId: 'tp-1',
        patientId: patient.id,
        rating: 2,
        title: 'Slow aftercare',
        reviewDate: day(3),
        matchStatus: 'matched',
      },
      {
        clinicId,
        id: 'rev_2',
        provider: 'trustpilot',
        providerReviewId: 'tp-2',
        patientId: other.id,
        rating: 5,
        reviewDate: day(4),
        matchStatus: 'matched',
      },
    ]);
    await t.db.insert(cases).values({
      clinicId,
      id: 'cas_1',
      source: 'review',
      sourceId: 'rev_1',
      patientId: patient.id,
      title: 'Call Ana back',
      severity: 'high',
      createdAt: day(5),
    });
    await t.db.insert(patientCommunications).values({
      clinicId,
      id: 'com_1',
      patientId: patient.id,
      channel: 'sms',
      messageContent: 'How are you feeling?',
      deliveryStatus: 'sent',
      sentAt: day(1),
      createdAt: day(1),
    });
    const res = await call(owner.cookie, 'GET', `/api/patients/${patient.id}/timeline`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { kind: string; id: string }) => `${i.kind}:${i.id}`)).toEqual([
      'case:cas_1',
      'review:rev_1',
      'message:com_1',
    ]);
    expect(res.json().items[1]).toMatchObject({
      rating: 2,
      title: 'Slow aftercare',
      at: day(3).toISOString(),
    });
  });

  it('is empty for a new patient and 404 for another clinic', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const patient = await buildPatient(t, a.clinicId);
    expect((await call(a.owner.cookie, 'GET', `/api/patients/${patient.id}/timeline`)).json()).toEqual({
      patientId: patient.id,
      items: [],
    });
    expect((await call(b.owner.cookie, 'GET', `/api/patients/${patient.id}/timeline`)).statusCode).toBe(404);
  });
});
