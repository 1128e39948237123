import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patients } from '../../db/schema';
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

const download = (cookie: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/patients/export.csv${query}`, headers: jsonHeaders({ cookie }) });
const preview = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patients/import/preview',
    headers: jsonHeaders({ cookie }),
    payload,
  });
const storedPatients = (clinicId: string) =>
  t.db.select().from(patients).where(eq(patients.clinicId, clinicId));

describe('export', () => {
  it('exports the clinic as RFC 4180 CSV (UTF-8 with BOM): header, quoting, formula-safe cells, E.164 phones as they are', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await buildPatient(t, a.clinicId, {
      name: '=HYPERLINK("http://evil")',
      phone: '+14155552671',
      comment: 'Line one\nline "two", three',
      createdAt: new Date(Date.now() - 1000),
    });
    await buildPatient(t, a.clinicId, { name: '@SUM(A1)', email: 'x@example.com', comment: '+cmd' });
    await buildPatient(t, b.clinicId, { name: 'Not exported' });
    const res = await download(a.owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="patients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,name,email,phone,procedure,status,comment,procedure_date,created_at');
    expect(res.body).not.toContain('Not exported');
    expect(lines[1]).toMatch(/^P-[\d\w-]+,'@SUM\(A1\),x@example.com,,Dental Implant,active,'\+cmd,/);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")",,+14155552671,`);
    expect(res.body).not.toContain("'+14155552671");
    expect(res.body).toContain('"Line one\nline ""two"", three"');
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it("writes the procedure date as the app shows it: the day in the clinic's time zone", async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.update(clinics).set({ timeZone: 'Asia/Tokyo' }).where(eq(clinics.id, clinicId));
    // Stored at the time of an evening entry (as patients added before dates were sent were): 2 March in Tokyo.
    await buildPatient(t, clinicId, { name: 'Evening Entry', createdAt: new Date('2026-03-01T20:00:00Z') });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { name: 'Dated Entry', procedureDate: '2026-01-01' },
    });
    expect(added.statusCode).toBe(201);
    const body = (await download(owner.cookie)).body;
    expect(body).toMatch(/,Evening Entry,.*,2026-03-02,/);
    expect(body).toMatch(/,Dated Entry,.*,2026-01-01,/);
  });

  it('writes semicolons in Windows-1252 or Windows-1254 as chosen, and imports back as it was', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await buildPatient(t, clinicId, { name: 'Íñigo Núñez; hijo', phone: '+34612345678' });
    await buildPatient(t, clinicId, { name: 'Ayşe Yılmaz', phone: '+905321234567' });
    const spanish = await download(owner.cookie, '?delimiter=semicolon&encoding=windows-1252');
    expect(spanish.headers['content-type']).toBe('text/csv; charset=windows-1252');
    expect(iconv.decode(spanish.rawPayload, 'windows-1252')).toContain('"Íñigo Núñez; hijo";;+34612345678;');
    const turkish = await download(owner.cookie, '?delimiter=semicolon&encoding=windows-1254');
    expect(iconv.decode(turkish.rawPayload, 'windows-1254')).toContain('Ayşe Yılmaz;;+905321234567;');

    const back = (await preview(owner.cookie, { file: turkish.rawPayload.toString('base64') })).json();
    expect(back.reading).toMatchObject({ encoding: 'windows-1254', delimiter: ';' });
    expect(back).toMatchObject({ totalRows: 2, duplicateRows: 2, errorRows: 0 });
  });

  it('writes an .xlsx workbook that imports back', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await buildPatient(t, clinicId, {
      name: 'Lucía Gómez',
      phone: '+34612345678',
      email: 'lucia@example.es',
    });
    const res = await download(owner.cookie, '?format=xlsx');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const [sheet] = await readXlsxFile(res.rawPayload);
    expect(sheet?.data[0]).toEqual([
      'id',
      'name',
      'email',
      'phone',
      'procedure',
      'status',
      'comment',
      'procedure_date',
      'created_at',
    ]);
    expect(sheet?.data[1]?.slice(1, 4)).toEqual(['Lucía Gómez', 'lucia@example.es', '+34612345678']);
    const back = (await preview(owner.cookie, { file: res.rawPayload.toString('base64') })).json();
    expect(back).toMatchObject({ totalRows: 1, duplicateRows: 1, errorRows: 0 });
  });

  it('refuses an unknown export format (400)', async () => {
    const { owner } = await buildClinic(t);
    expect((await download(owner.cookie, '?format=pdf')).statusCode).toBe(400);
  });

  it('re-imports its own export without doubling anyone', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await buildPatient(t, clinicId, { name: 'Ana', phone: '+14155552671' });
    await buildPatient(t, clinicId, { name: '-Dash', email: 'dash@example.com' });
    const exported = (await download(owner.cookie)).body;
    const res = await preview(owner.cookie, { csv: exported });
    expect(res.json()).toMatchObject({ totalRows: 2, validRows: 0, duplicateRows: 2, errorRows: 0 });
    expect(res.json().ignoredColumns).toEqual(['id', 'created_at']);
    expect(await storedPatients(clinicId)).toHaveLength(2);
  });
});
