import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
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

const call = (cookie: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...jsonHeaders({ cookie }), ...headers },
    payload: payload as object,
  });

const storedPatients = (clinicId: string) =>
  t.db.select().from(patients).where(eq(patients.clinicId, clinicId));

const byName = async (clinicId: string) =>
  Object.fromEntries((await storedPatients(clinicId)).map((row) => [row.name, row]));

const day = (date: Date | null | undefined) => date?.toISOString().slice(0, 10) ?? null;

/**
 * A clinic in Spain or the US (country set), or in Turkey known only by its time zone and language.
 * On Enterprise, whose plan holds any number of patients: these tests import thousands of rows.
 */
async function clinicIn(where: 'ES' | 'TR' | 'US') {
  const clinic = await buildClinic(t, { tier: 'enterprise' });
  const locale = {
    ES: { country: 'ES', timeZone: 'UTC', defaultLanguage: 'en' },
    TR: { country: null, timeZone: 'Europe/Istanbul', defaultLanguage: 'tr' },
    US: { country: 'US', timeZone: 'UTC', defaultLanguage: 'en' },
  }[where];
  await t.db.update(clinics).set(locale).where(eq(clinics.id, clinic.clinicId));
  return clinic;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('the phone country of one file', () => {
  // An American clinic's file of Turkish patients: national numbers as Turkey writes them.
  const turkishPatients = ['name,phone', 'Ayşe Yılmaz,0532 123 45 67', 'Mehmet Kaya,0533 765 43 21'].join(
    '\n',
  );

  it("reads the phones as the clinic's country unless staff name the file's, and refuses an unknown country", async () => {
    const { clinicId, owner } = await clinicIn('US');
    const asClinic = await call(owner.cookie, '/api/patients/import/preview', { csv: turkishPatients });
    expect(asClinic.json()).toMatchObject({ region: 'US', validRows: 0, errorRows: 2 });

    const asTurkish = await call(owner.cookie, '/api/patients/import/preview', {
      csv: turkishPatients,
      phoneCountry: 'TR',
    });
    expect(asTurkish.statusCode).toBe(200);
    // Dates keep the clinic's order: only the phones' country changes.
    expect(asTurkish.json()).toMatchObject({ region: 'TR', dateOrder: 'mdy', validRows: 2, errorRows: 0 });
    expect(asTurkish.json().sampleRows[0]).toMatchObject({ phone: '+905321234567' });

    const refused = await call(owner.cookie, '/api/patients/import/preview', {
      csv: turkishPatients,
      phoneCountry: 'XX',
    });
    expect(refused.statusCode).toBe(400);

    const imported = await call(owner.cookie, '/api/patients/import', {
      csv: turkishPatients,
      phoneCountry: 'TR',
    });
    expect(imported.statusCode).toBe(200);
    expect((await storedPatients(clinicId)).map((row) => row.phone).sort()).toEqual([
      '+905321234567',
      '+905337654321',
    ]);
  });
});

describe('import the files clinics have', () => {
  // What Spanish Excel writes: semicolons, Windows-1252, split names, day-first dates, national phones.
  const spanishFile = iconv.encode(
    [
      'Nombre;Apellidos;Teléfono;Email;Fecha tratamiento;Tratamiento',
      'María José;Núñez Peña;612 34 56 78;mariajose@example.es;15/03/2026;Implante dental',
      'Íñigo;Ibáñez;+34 699 11 22 33;;04/05/2026;Trasplante capilar',
      'Sin;Fecha;655 44 33 22;;;',
      ';;611 22 33 44;;01/02/2026;', // row 5: no name
      'Mal;Teléfono;12;;15/13/2026;', // row 6: bad phone and bad date
    ].join('\r\n'),
    'windows-1252',
  );

  it('reads a semicolon Windows-1252 Spanish export: names joined, E.164 phones, dd/mm/yyyy dates', async () => {
    const { clinicId, owner } = await clinicIn('ES');
    const preview = await call(owner.cookie, '/api/patients/import/preview', { file: base64(spanishFile) });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.reading).toEqual({
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      sheets: [],
      sheet: null,
    });
    expect(body.header[2]).toBe('Teléfono');
    expect(body.mapping).toEqual([
      'given_name',
      'family_name',
      'phone',
      'email',
      'procedure_date',
      'procedure',
    ]);
    expect(body).toMatchObject({ region: 'ES', dateOrder: 'dmy', totalRows: 5, validRows: 3, errorRows: 2 });
    expect(body.sampleRows[0]).toMatchObject({
      row: 2,
      name: 'María José Núñez Peña',
      phone: '+34612345678',
      procedureDate: '2026-03-15',
      procedure: 'Dental Implant',
      valid: true,
    });
    expect(body.ambiguousDates).toEqual([{ row: 3, text: '04/05/2026', isoDate: '2026-05-04' }]);
    expect(body.errors).toEqual([
      { row: 5, field: 'name', message: 'Name required' },
      { row: 6, field: 'procedure_date', message: 'Please enter the date as DD/MM/YYYY or YYYY-MM-DD' },
      { row: 6, field: 'phone', message: 'Please enter a valid phone number' },
    ]);
    expect(await storedPatients(clinicId)).toHaveLength(0);

    const result = await call(owner.cookie, '/api/patients/import', { file: base64(spanishFile) });
    expect(result.json()).toMatchObject({ inserted: 3, skipped: 2 });
    const stored = await byName(clinicId);
    expect(stored['María José Núñez Peña']).toMatchObject({
      phone: '+34612345678',
      procedure: 'Dental Implant',
    });
    expect(day(stored['María José Núñez Peña']?.procedureDate)).toBe('2026-03-15');
    expect(stored['Íñigo Ibáñez']).toMatchObject({ phone: '+34699112233', procedure: 'Hair Transplant' });
    expect(day(stored['Íñigo Ibáñez']?.procedureDate)).toBe('2026-05-04');
    expect(stored['Sin Fecha']?.phone).toBe('+34655443322');
  });

  it('reads a Windows-1254 Turkish export with Turkish letters and 0532 phones', async () => {
    const { clinicId, owner } = await clinicIn('TR');
    const file = iconv.encode(
      [
        'Ad;Soyad;Telefon;E-posta;İşlem Tarihi;İşlem;Dil',
        'Ayşe;Yılmaz;0532 123 45 67;ayse@example.com.tr;15.03.2026;Saç ekimi;Türkçe',
        'Çağrı;Öztürk;0 (533) 765 43 21;;2026-01-31;Diş implantı;',
        'Gül;Şahin;0532 123 45 67;;01/02/2026;;', // row 4: same phone as row 2
        'Bad;Dil;0534 111 22 33;;;;Klingon', // row 5: unknown language
      ].join('\r\n'),
      'windows-1254',
    );
    const preview = (await call(owner.cookie, '/api/patients/import/preview', { file: base64(file) })).json();
    expect(preview.reading.encoding).toBe('windows-1254');
    expect(preview.header).toEqual(['Ad', 'Soyad', 'Telefon', 'E-posta', 'İşlem Tarihi', 'İşlem', 'Dil']);
    expect(preview.mapping).toEqual([
      'given_name',
      'family_name',
      'phone',
      'email',
      'procedure_date',
      'procedure',
      'language',
    ]);
    const result = (await call(owner.cookie, '/api/patients/import', { file: base64(file) })).json();
    expect(result).toMatchObject({ inserted: 2, skipped: 2 });
    expect(result.duplicates).toEqual([
      expect.objectContaining({ row: 4, field: 'phone', value: '+905321234567', fileRow: 2 }),
    ]);
    expect(result.errors).toEqual([
      { row: 5, field: 'language', message: 'Language must be English, Spanish or Turkish' },
    ]);
    const stored = await byName(clinicId);
    expect(stored['Ayşe Yılmaz']).toMatchObject({
      phone: '+905321234567',
      procedure: 'Hair Transplant',
      language: 'tr',
    });
    expect(day(stored['Ayşe Yılmaz']?.procedureDate)).toBe('2026-03-15');
    expect(stored['Çağrı Öztürk']).toMatchObject({ phone: '+905337654321', procedure: 'Dental Implant' });
    expect(day(stored['Çağrı Öztürk']?.procedureDate)).toBe('2026-01-31');
  });

  it('reads a US comma file with mm/dd/yyyy dates and national phones', async () => {
    const { clinicId, owner } = await clinicIn('US');
    const csv = [
      'First Name,Last Name,Mobile,Email,Treatment Date,Treatment,Marketing consent',
      'John,Smith,(415) 555-2671,john@example.com,03/15/2026,Teeth Whitening,yes',
      '"Doe, Jr.",Jane,415-555-0199,jane@example.com,12/01/2025,root canal,no',
      'Late,Date,,late@example.com,15/03/2026,,', // row 4: day-first date in a US file
    ].join('\n');
    const result = (await call(owner.cookie, '/api/patients/import', { csv })).json();
    expect(result).toMatchObject({ inserted: 2, skipped: 1 });
    expect(result.errors).toEqual([
      { row: 4, field: 'procedure_date', message: 'Please enter the date as MM/DD/YYYY or YYYY-MM-DD' },
    ]);
    const stored = await byName(clinicId);
    expect(stored['John Smith']).toMatchObject({
      phone: '+14155552671',
      procedure: 'Teeth Whitening',
      marketingConsent: 'granted',
      marketingConsentSource: 'import',
      marketingConsentRecordedBy: owner.userId,
    });
    expect(stored['John Smith']?.marketingConsentAt).toBeInstanceOf(Date);
    expect(day(stored['John Smith']?.procedureDate)).toBe('2026-03-15');
    expect(stored['Doe, Jr. Jane']).toMatchObject({ phone: '+14155550199', procedure: 'Root Canal' });
    expect(stored['Doe, Jr. Jane']).toMatchObject({
      marketingConsent: 'withdrawn',
      marketingConsentSource: 'import',
    });
    expect(day(stored['Doe, Jr. Jane']?.procedureDate)).toBe('2025-12-01');
  });

  it('reads an .xlsx workbook: the first sheet, or the one chosen; date cells as dates', async () => {
    const { clinicId, owner } = await clinicIn('ES');
    const workbook = await writeXlsxFile([
      { sheet: 'Notas', data: [['Nada que importar']] },
      {
        sheet: 'Pacientes',
        data: [
          ['Nombre', 'Apellidos', 'Móvil', 'Fecha'],
          [
            'Lucía',
            'Gómez',
            { value: 612345678, type: Number },
            { value: new Date('2026-02-10T00:00:00Z'), type: Date, format: 'dd/mm/yyyy' },
          ],
          ['Pablo', 'Ruiz', '699 88 77 66', '10/02/2026'],
          ['Roto', 'Teléfono', '123', null],
        ],
      },
    ]).toBuffer();
    const first = (
      await call(owner.cookie, '/api/patients/import/preview', { file: base64(workbook) })
    ).json();
    expect(first.reading).toMatchObject({ format: 'xlsx', sheets: ['Notas', 'Pacientes'], sheet: 'Notas' });
    expect(first.nameMapped).toBe(false);

    const body = { file: base64(workbook), sheet: 'Pacientes' };
    const preview = (await call(owner.cookie, '/api/patients/import/preview', body)).json();
    expect(preview.mapping).toEqual(['given_name', 'family_name', 'phone', 'procedure_date']);
    const result = (await call(owner.cookie, '/api/patients/import', body)).json();
    expect(result).toMatchObject({ inserted: 2, skipped: 1 });
    expect(result.errors).toEqual([{ row: 4, field: 'phone', message: 'Please enter a valid phone number' }]);
    const stored = await byName(clinicId);
    expect(stored['Lucía Gómez']?.phone).toBe('+34612345678');
    expect(day(stored['Lucía Gómez']?.procedureDate)).toBe('2026-02-10');
    expect(day(stored['Pablo Ruiz']?.procedureDate)).toBe('2026-02-10');
  });

  it('imports with the mapping staff chose and proposes it again for the next file', async () => {
    const { clinicId, owner } = await clinicIn('ES');
    const csv = 'Nombre;Apellidos;Teléfono;Ref\nAna;López;612 00 11 22;VIP\n';
    const mapping = ['given_name', 'family_name', 'phone', 'comment'];
    const result = await call(owner.cookie, '/api/patients/import', { csv, mapping });
    expect(result.json()).toMatchObject({ inserted: 1 });
    expect((await byName(clinicId))['Ana López']).toMatchObject({ comment: 'VIP', phone: '+34612001122' });

    const next = (
      await call(owner.cookie, '/api/patients/import/preview', { csv: 'Ref;Nombre\nX;Eva\n' })
    ).json();
    expect(next.mapping).toEqual(['comment', 'name']);
    const other = await clinicIn('ES');
    const elsewhere = (
      await call(other.owner.cookie, '/api/patients/import/preview', { csv: 'Ref;Nombre\nX;Eva\n' })
    ).json();
    expect(elsewhere.mapping).toEqual([null, 'name']);
  });

  it('refuses a mapping that does not fit the file or names no one (400), storing nothing', async () => {
    const { clinicId, owner } = await clinicIn('ES');
    const csv = 'Nombre;Teléfono\nAna;612 00 11 22\n';
    for (const mapping of [['name'], [null, 'phone']]) {
      const res = await call(owner.cookie, '/api/patients/import', { csv, mapping });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('mapping');
    }
    expect(await storedPatients(clinicId)).toHaveLength(0);
  });

  it('answers progress lines, then the result, when asked for JSON lines', async () => {
    const { clinicId, owner } = await clinicIn('US');
    const lines = ['name,phone'];
    for (let i = 0; i < 2500; i += 1) lines.push(`Patient ${i},+1415555${String(i).padStart(4, '0')}`);
    const res = await call(
      owner.cookie,
      '/api/patients/import',
      { csv: lines.join('\n') },
      {
        accept: 'application/x-ndjson',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.slice(0, -1)).toEqual([
      { type: 'progress', done: 0, total: 2500 },
      { type: 'progress', done: 1000, total: 2500 },
      { type: 'progress', done: 2000, total: 2500 },
      { type: 'progress', done: 2500, total: 2500 },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'result', result: { inserted: 2500, skipped: 0 } });
    expect(await storedPatients(clinicId)).toHaveLength(2500);

    const bad = await call(
      owner.cookie,
      '/api/patients/import',
      { csv: '' },
      { accept: 'application/x-ndjson' },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('changes nothing when the transaction fails part-way', async () => {
    const { clinicId, owner } = await clinicIn('US');
    // The second batch holds a name the database refuses (a NUL byte), after 1,000 good rows.
    const lines = ['name'];
    for (let i = 0; i < 1200; i += 1) lines.push(i === 1100 ? 'Bad\u0000Name' : `Patient ${i}`);
    // The NUL is in the file's bytes: one in the JSON text itself is refused before any route runs.
    const file = base64(Buffer.from(lines.join('\n'), 'utf8'));
    const res = await call(
      owner.cookie,
      '/api/patients/import',
      { file },
      { accept: 'application/x-ndjson' },
    );
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events).toContainEqual({ type: 'progress', done: 1000, total: 1200 });
    expect(events.at(-1)).toEqual({ type: 'error', message: 'The import failed; nothing was imported' });
    expect(await storedPatients(clinicId)).toHaveLength(0);
  });
});

describe('CSV import', () => {
  const header = 'Name,EMAIL,Phone,procedure,status,comment,procedure_date';
  const file = [
    header,
    'Ana Ruiz,ana@example.com,+1 415 555 2671,hair transplant,active,,2026-01-15',
    ',nobody@example.com,,,,,', // row 3: no name
    'Bad Phone,,12345,,,,', // row 4: invalid phone
    'Copy Of Ana,ANA@example.com,,,,,', // row 5: same e-mail as row 2
    'Existing Twin,,+44 20 7946 0958,,,,', // row 6: same phone as an existing patient
    '"Smith, Jo",jo@example.com,,Other,Critical,"Said ""thanks""",', // row 7: fine
    'Wrong Status,,,,dormant,,not-a-date', // row 8: two errors
  ].join('\n');

  async function clinicWithExisting() {
    const clinic = await buildClinic(t);
    const existing = await buildPatient(t, clinic.clinicId, { name: 'Already Here', phone: '+442079460958' });
    return { ...clinic, existing };
  }

  it('previews per-row errors, duplicates in the file and against patients, and counts, storing nothing', async () => {
    const { clinicId, owner, existing } = await clinicWithExisting();
    const res = await call(owner.cookie, '/api/patients/import/preview', { csv: file });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      totalRows: 7,
      validRows: 2,
      errorRows: 3,
      duplicateRows: 2,
      columns: ['Name', 'EMAIL', 'Phone', 'procedure', 'status', 'comment', 'procedure_date'],
      ignoredColumns: [],
    });
    expect(body.errors).toEqual([
      { row: 3, field: 'name', message: 'Name required' },
      { row: 4, field: 'phone', message: 'Please enter a valid phone number' },
      { row: 8, field: 'status', message: 'Status must be one of active, completed, watch, red' },
      { row: 8, field: 'procedure_date', message: 'Please enter the date as MM/DD/YYYY or YYYY-MM-DD' },
    ]);
    expect(body.duplicates).toEqual([
      {
        row: 5,
        field: 'email',
        value: 'ANA@example.com',
        fileRow: 2,
        existingPatientId: null,
        existingPatientName: null,
      },
      {
        row: 6,
        field: 'phone',
        value: '+442079460958',
        fileRow: null,
        existingPatientId: existing.id,
        existingPatientName: 'Already Here',
      },
    ]);
    expect(await storedPatients(clinicId)).toHaveLength(1);
  });

  it('imports the valid, non-duplicate rows and reports the rest', async () => {
    const { clinicId, owner } = await clinicWithExisting();
    const res = await call(owner.cookie, '/api/patients/import', { csv: file });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 2, skipped: 5 });
    expect(res.json().errors).toHaveLength(4);
    expect(res.json().duplicates).toHaveLength(2);
    const rows = await storedPatients(clinicId);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Already Here', 'Ana Ruiz', 'Smith, Jo']);
    expect(byName['Ana Ruiz']).toMatchObject({
      phone: '+14155552671',
      procedure: 'Hair Transplant',
      status: 'active',
      comment: null,
    });
    expect(byName['Ana Ruiz']!.procedureDate!.toISOString().slice(0, 10)).toBe('2026-01-15');
    expect(byName['Smith, Jo']).toMatchObject({
      status: 'red',
      comment: 'Said "thanks"',
      procedure: 'Other',
    });
    expect(byName['Smith, Jo']!.id).toMatch(/^P-\d{13}(-\d+)?$/);

    // The same file again adds nobody: its patients are now duplicates.
    const again = await call(owner.cookie, '/api/patients/import', { csv: file });
    expect(again.json()).toMatchObject({ inserted: 0 });
    expect(await storedPatients(clinicId)).toHaveLength(3);
  });

  it('accepts the file itself as text/csv, in batches, with unique ids', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'enterprise' });
    const lines = ['name,phone'];
    for (let i = 0; i < 1200; i += 1) lines.push(`Patient ${i},+1415555${String(i).padStart(4, '0')}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/import',
      headers: { ...jsonHeaders({ cookie: owner.cookie }), 'content-type': 'text/csv' },
      payload: lines.join('\r\n'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 1200, skipped: 0 });
    const rows = await storedPatients(clinicId);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1200);
  });

  it.each([
    ['an unclosed quote', 'name,email\n"Ana,ana@example.com\n'],
    ['an empty file', ''],
  ])('refuses a file with %s (400) and stores nothing', async (_label, csv) => {
    const { clinicId, owner } = await buildClinic(t);
    for (const url of ['/api/patients/import/preview', '/api/patients/import']) {
      const res = await call(owner.cookie, url, { csv });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details[0].field).toBe('csv');
    }
    expect(await storedPatients(clinicId)).toHaveLength(0);
  });

  it('previews a file whose header names no one with the name unmapped; import refuses it (400)', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const csv = 'customer,email\nAna,ana@example.com\n';
    const preview = await call(owner.cookie, '/api/patients/import/preview', { csv });
    expect(preview.json()).toMatchObject({ nameMapped: false, mapping: [null, 'email'], validRows: 0 });
    const res = await call(owner.cookie, '/api/patients/import', { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toEqual({
      field: 'mapping',
      message: "Choose the column that holds the patient's name",
    });
    expect(await storedPatients(clinicId)).toHaveLength(0);
  });

  it('refuses a body without the CSV (400)', async () => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, '/api/patients/import', { fileName: 'x.csv' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('csv');
  });

  it("checks duplicates only against the caller's clinic", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await buildPatient(t, a.clinicId, { name: 'Ana', email: 'ana@example.com' });
    const res = await call(b.owner.cookie, '/api/patients/import', {
      csv: 'name,email\nAna,ana@example.com',
    });
    expect(res.json()).toMatchObject({ inserted: 1, skipped: 0 });
    expect(await storedPatients(a.clinicId)).toHaveLength(1);
  });
});
