import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The patients list's first page and its total come from one statement where a kept count answers
// the total (no filter, or a status); a search still counts.
describe('the patients list statements', () => {
  let t: TestApp;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ observeQuery: (sql) => statements.push(sql) });
  });

  afterAll(async () => {
    await t?.close();
  });

  const patientStatements = () => statements.filter((s) => /"patients"|clinic_counts/.test(s));

  it('reads the first page and its kept total in one statement, a status filter too', async () => {
    const { clinicId, owner } = await buildClinic(t);
    for (const [name, status] of [
      ['Ana Ruiz', 'active'],
      ['Bob Stone', 'red'],
      ['Cem Yılmaz', 'active'],
    ] as const) {
      await buildPatient(t, clinicId, { name, status });
    }
    const list = async (query: string) => {
      statements.length = 0;
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/patients?${query}`,
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(200);
      return {
        total: res.json().total,
        count: res.json().patients.length,
        statements: patientStatements().length,
      };
    };
    expect(await list('limit=2')).toEqual({ total: 3, count: 2, statements: 1 });
    expect(await list('status=active')).toEqual({ total: 2, count: 2, statements: 1 });
    // No patient of that status: the empty page is the answer, total 0.
    expect(await list('status=completed')).toEqual({ total: 0, count: 0, statements: 1 });
    // A search has no kept count: the page, then the count.
    expect(await list('q=ruiz')).toEqual({ total: 1, count: 1, statements: 2 });
  });

  it('answers a total of 0 for a clinic without patients', async () => {
    const { owner } = await buildClinic(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/patients',
      headers: { cookie: owner.cookie },
    });
    expect(res.json()).toMatchObject({ patients: [], total: 0, nextCursor: null });
  });
});
