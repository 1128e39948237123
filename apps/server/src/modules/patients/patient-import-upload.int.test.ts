import { count, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientImportUploads, patients } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const upload = (user: SignedInUser, bytes: Buffer, query = '', type = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: `/api/patients/import/uploads${query}`,
    headers: { ...jsonHeaders({ cookie: user.cookie }), 'content-type': type },
    payload: bytes,
  });

const post = (user: SignedInUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders({ cookie: user.cookie }), payload });

const patientCount = async (clinicId: string) =>
  (await t.db.select({ n: count() }).from(patients).where(eq(patients.clinicId, clinicId)))[0]?.n;

// What Spanish Excel writes: semicolons and Windows-1252.
const spanishFile = iconv.encode(
  ['Nombre;Teléfono', 'María Núñez;+34612345678', 'Íñigo Ibáñez;+34699112233'].join('\r\n'),
  'windows-1252',
);

describe('the import file goes up once', () => {
  it('keeps the uploaded bytes: previews them, previews again by id with another reading, imports by id, then forgets them', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const first = await upload(owner, spanishFile, '?fileName=pacientes.csv', 'application/octet-stream');
    expect(first.statusCode, first.body).toBe(200);
    const preview = first.json();
    expect(preview).toMatchObject({
      totalRows: 2,
      validRows: 2,
      reading: { encoding: 'windows-1252', delimiter: ';' },
    });
    expect(preview.uploadId).toMatch(/^upl_/);

    const again = await post(owner, '/api/patients/import/preview', {
      uploadId: preview.uploadId,
      delimiter: ',',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      uploadId: preview.uploadId,
      reading: { delimiter: ',' },
      header: ['Nombre;Teléfono'],
    });

    const imported = await post(owner, '/api/patients/import', { uploadId: preview.uploadId });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ inserted: 2 });
    expect(await patientCount(clinicId)).toBe(2);
    const kept = await t.db
      .select()
      .from(patientImportUploads)
      .where(eq(patientImportUploads.clinicId, clinicId));
    expect(kept).toEqual([]);

    const twice = await post(owner, '/api/patients/import', { uploadId: preview.uploadId });
    expect(twice.statusCode).toBe(404);
    expect(await patientCount(clinicId)).toBe(2);
  });

  it('answers 404 to anyone but the uploader (another member, another clinic) and after 15 minutes, storing nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const colleague = await buildMember(t, clinicId, 'admin');
    const other = await buildClinic(t);
    const { uploadId } = (await upload(owner, spanishFile)).json();
    const before = await clinicSnapshot(t.db, clinicId);
    const otherBefore = await clinicSnapshot(t.db, other.clinicId);
    for (const user of [colleague, other.owner]) {
      for (const url of ['/api/patients/import/preview', '/api/patients/import']) {
        const res = await post(user, url, { uploadId });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.details).toEqual([
          { field: 'uploadId', message: 'The file is no longer kept (15 minutes): choose it again' },
        ]);
      }
    }
    await t.db
      .update(patientImportUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(patientImportUploads.id, uploadId));
    const expired = await post(owner, '/api/patients/import', { uploadId });
    expect(expired.statusCode).toBe(404);
    expect(changedTables(before, await clinicSnapshot(t.db, clinicId))).toEqual(['patient_import_uploads']);
    expect(changedTables(otherBefore, await clinicSnapshot(t.db, other.clinicId))).toEqual([]);
    expect(await patientCount(clinicId)).toBe(0);
  });

  it('refuses an empty body and JSON at the upload (400, 415), keeping nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const empty = await upload(owner, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const json = await upload(owner, Buffer.from('{"csv":"name"}'), '', 'application/json');
    expect(json.statusCode).toBe(415);
    expect(
      await t.db.select().from(patientImportUploads).where(eq(patientImportUploads.clinicId, clinicId)),
    ).toEqual([]);
  });
});
