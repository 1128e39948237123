import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClinic, jsonHeaders, type SignedInUser } from '../testing/build-user';
import { changedTables, clinicSnapshot } from '../testing/route-table';
import { createTestApp, type TestApp } from '../testing/test-app';
import { findUnstorableText, unstorableTextMessage } from './text-input-guard';

describe('unstorable text (NUL, unpaired surrogates)', () => {
  it.each([
    ['a\u0000b', ''],
    ['\ud800', ''],
    ['x\udfffy', ''],
    [{ name: 'Ana', note: ['ok', 'a\u0000'] }, 'note.1'],
    [{ 'k\u0000': 'v' }, 'k\u0000'],
  ])('finds %j at %j', (value, path) => {
    expect(findUnstorableText(value)).toBe(path);
  });

  it.each([
    ['plain'],
    ['emoji 😀 pair'],
    ['\u202eright-to-left'],
    [{ n: 1, list: [null, true] }],
    [Buffer.from([0])],
  ])('lets %j through', (value) => {
    expect(findUnstorableText(value)).toBeNull();
  });

  it('walks a value nested 100,000 levels deep without exhausting the stack', () => {
    let value: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) value = i % 2 === 0 ? [value] : { k: value };
    const path = findUnstorableText(value);
    expect(path?.split('.')).toHaveLength(100_000);
    expect(path?.startsWith('k.0.k.0')).toBe(true);
  });
});

describe('NUL bytes and lone surrogates in requests', () => {
  let t: TestApp;
  let clinic: { clinicId: string; owner: SignedInUser };

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await buildClinic(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['GET', '/api/patients?q=%00', undefined, 'q'],
    ['GET', '/api/cases/a%00b', undefined, 'id'],
    ['POST', '/api/patients', { name: 'Ana\u0000 Ruiz' }, 'name'],
    ['POST', '/api/cases', { title: 'Call', description: '\ud800' }, 'description'],
    [
      'POST',
      '/api/settings/whatsapp/test',
      { accessToken: `EAA${'x'.repeat(60)}`, phoneNumberId: '\ud800' },
      'phoneNumberId',
    ],
  ])('%s %s answers 400 naming the field, and stores nothing', async (method, url, body, field) => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details).toEqual([{ field, message: unstorableTextMessage }]);
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });
});
