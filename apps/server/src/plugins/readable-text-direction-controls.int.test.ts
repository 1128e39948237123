import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPatient } from '../testing/build-patient';
import { buildClinic, jsonHeaders, type SignedInUser } from '../testing/build-user';
import { clinicSnapshot } from '../testing/route-table';
import { createTestApp, type TestApp } from '../testing/test-app';

// Texts people read besides names (case titles and descriptions, case notes, patient comments,
// template bodies) refuse Unicode's direction controls as names do: "call \u202eevif" displays as
// "call five" backwards-disguised, so staff would read one thing and search another.

let t: TestApp;
let clinic: { clinicId: string; owner: SignedInUser };
let caseId = '';
let patientId = '';
const disguised = 'Call the patient \u202eyadot';

beforeAll(async () => {
  t = await createTestApp();
  clinic = await buildClinic(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cases',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { title: 'Late reply' },
  });
  expect(created.statusCode, created.body).toBe(201);
  caseId = created.json().id;
  patientId = (await buildPatient(t, clinic.clinicId)).id;
});
afterAll(async () => {
  await t?.close();
});

describe('direction controls in texts people read', () => {
  it.each([
    ['POST', () => '/api/cases', { title: disguised }, 'title'],
    ['POST', () => '/api/cases', { title: 'Late reply', description: 'Ok \u2066then' }, 'description'],
    ['POST', () => `/api/cases/${caseId}/notes`, { body: disguised }, 'body'],
    ['POST', () => '/api/patients', { name: 'Ana Ruiz', comment: disguised }, 'comment'],
    ['PATCH', () => `/api/patients/${patientId}`, { comment: disguised }, 'comment'],
    [
      'PUT',
      () => '/api/templates',
      { templates: [{ name: 'Follow-up', body: 'Hello {{patient_name}} \u202d' }] },
      'templates.0.body',
    ],
  ])('%s %s: 400 naming the field, nothing stored', async (method, url, body, field) => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    const res = await t.app.inject({
      method: method as 'POST',
      url: url(),
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field,
          message: 'Remove the invisible text-direction characters from this text',
        }),
      ]),
    );
    expect(await clinicSnapshot(t.db, clinic.clinicId)).toEqual(before);
  });

  it('Arabic text with a right-to-left mark is still accepted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/notes`,
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { body: 'اتصل بالمريض\u200f غدا' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
