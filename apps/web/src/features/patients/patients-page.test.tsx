import type { MeResponse } from '@careloop/contracts/me';
import type { ImportPreviewResponse, PatientListResponse } from '@careloop/contracts/patients';
import { procedureDateOf } from '@careloop/domain/procedure-date';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { json, type SeenRequest, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { PatientsPage } from './patients-page';

const emptyList: PatientListResponse = { patients: [], nextCursor: null, total: 0 };

const ana = {
  id: 'P-1767225600000',
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: '+14155552671',
  procedure: 'Hair Transplant',
  status: 'red' as const,
  comment: null,
  language: null,
  marketingConsent: null,
  procedureDate: '2026-01-01',
  lastCheck: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  risk: { level: 'high' as const, reasons: ['open_case_high' as const, 'low_rating_review' as const] },
};

function stubPatientsApi(extra: (request: SeenRequest) => Response | null = () => null) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.path === '/api/patients' && request.method === 'GET') return json(emptyList);
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

async function openAddDialog() {
  const user = userEvent.setup();
  renderPage(<PatientsPage />, { path: '/patients' });
  expect(await screen.findByRole('heading', { name: 'No Patients Yet' })).toBeTruthy();
  await user.click(screen.getAllByRole('button', { name: 'Add Patient' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Add Patient' });
  return { user, dialog };
}

describe('PatientsPage', () => {
  it.each<[MeResponse['role'], boolean]>([
    ['owner', true],
    ['admin', true],
    ['staff', false],
  ])('offers the whole-clinic export to a signed-in %s: %s', async (role, offered) => {
    const network = stubPatientsApi((request) =>
      request.path === '/api/me' ? json(meAnswer({ role })) : null,
    );
    renderPage(<PatientsPage />, { path: '/patients' });
    expect(await screen.findByRole('heading', { name: 'No Patients Yet' })).toBeTruthy();
    await waitFor(() => expect(network.to('/api/me').length).toBeGreaterThan(0));
    // The answer about the role has been rendered once the request has settled.
    await act(async () => {});
    if (offered) expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
    else expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('shows the grid with the status shown as Critical', async () => {
    stubPatientsApi((request) =>
      request.path === '/api/patients' ? json({ patients: [ana], nextCursor: null, total: 1 }) : null,
    );
    renderPage(<PatientsPage />, { path: '/patients' });
    const card = await screen.findByRole('article', { name: 'Ana Ruiz' });
    expect(within(card).getByText('Critical')).toBeTruthy();
    expect(within(card).getByText('Hair Transplant')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit Ana Ruiz' })).toBeTruthy();
    expect(screen.getByText('Showing 1 of 1')).toBeTruthy();
  });

  it("refuses to add a patient without a name: 'Name required' and the spec's description, no request", async () => {
    const network = stubPatientsApi();
    const { user, dialog } = await openAddDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
    expect(await within(dialog).findByText('Name required')).toBeTruthy();
    expect(await screen.findByText("Please enter the patient's name.")).toBeTruthy();
    expect(network.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('adds a patient, sending empty optional fields, and says so', async () => {
    // The form reads today when it opens, the expectation below after the answer: one instant for
    // both, or the two straddle midnight.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const network = stubPatientsApi((request) =>
      request.method === 'POST' && request.path === '/api/patients'
        ? json({ ...ana, status: 'active' }, 201)
        : null,
    );
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ana Ruiz');
    await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
    expect(await screen.findByText('Patient added successfully')).toBeTruthy();
    const posted = network.requests.find((r) => r.method === 'POST');
    expect(posted?.body).toEqual({
      name: 'Ana Ruiz',
      email: '',
      phone: '',
      procedure: '',
      status: 'active',
      comment: '',
      language: null,
      // The spec's default: today (the browser's zone here, as /api/me did not answer).
      procedureDate: procedureDateOf(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone),
    });
  });

  describe('the procedure date', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("starts at today in the clinic's time zone, and staff can set the real one", async () => {
      // 22:30 UTC on 15 June is already 16 June in Istanbul.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-06-15T22:30:00Z'));
      const network = stubPatientsApi((request) => {
        if (request.path === '/api/me') return json(meAnswer({ clinic: { timeZone: 'Europe/Istanbul' } }));
        return request.method === 'POST' && request.path === '/api/patients' ? json(ana, 201) : null;
      });
      const { user, dialog } = await openAddDialog();
      const date = within(dialog).getByLabelText(/Procedure date/) as HTMLInputElement;
      await waitFor(() => expect(date.value).toBe('2026-06-16'));
      expect(date.type).toBe('date');
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ana Ruiz');
      await user.clear(date);
      await user.type(date, '2026-05-04');
      await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
      expect(await screen.findByText('Patient added successfully')).toBeTruthy();
      const posted = network.requests.find((r) => r.method === 'POST');
      expect(posted?.body).toMatchObject({ name: 'Ana Ruiz', procedureDate: '2026-05-04' });
    });

    it('refuses a date more than a year ahead, without a request', async () => {
      const network = stubPatientsApi();
      const { user, dialog } = await openAddDialog();
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ana Ruiz');
      const date = within(dialog).getByLabelText(/Procedure date/);
      await user.clear(date);
      await user.type(date, '2099-01-01');
      await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
      expect(
        await within(dialog).findByText('The procedure date can be at most one year ahead'),
      ).toBeTruthy();
      expect(network.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    });

    it("edits a patient's date: the form shows the stored one and sends the new one", async () => {
      const network = stubPatientsApi((request) => {
        if (request.path === '/api/patients' && request.method === 'GET') {
          return json({ patients: [ana], nextCursor: null, total: 1 });
        }
        return request.method === 'PATCH' ? json({ ...ana, procedureDate: '2025-12-24' }) : null;
      });
      const user = userEvent.setup();
      renderPage(<PatientsPage />, { path: '/patients' });
      await user.click(await screen.findByRole('button', { name: 'Edit Ana Ruiz' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Patient' });
      const date = within(dialog).getByLabelText(/Procedure date/) as HTMLInputElement;
      expect(date.value).toBe('2026-01-01');
      await user.clear(date);
      await user.type(date, '2025-12-24');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Patient updated successfully')).toBeTruthy();
      const patched = network.requests.find((r) => r.method === 'PATCH');
      expect(patched?.path).toBe(`/api/patients/${ana.id}`);
      expect(patched?.body).toMatchObject({ procedureDate: '2025-12-24' });
    });

    it("shows the server's refusal of the date on the field", async () => {
      stubPatientsApi((request) =>
        request.method === 'POST'
          ? json(
              {
                error: {
                  code: 'VALIDATION_ERROR',
                  message: 'The procedure date can be at most one year ahead',
                  details: [
                    { field: 'procedureDate', message: 'The procedure date can be at most one year ahead' },
                  ],
                },
              },
              400,
            )
          : null,
      );
      const { user, dialog } = await openAddDialog();
      await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ana');
      await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
      expect(await screen.findByText('Error adding patient')).toBeTruthy();
      await waitFor(() =>
        expect(
          within(dialog).getAllByText('The procedure date can be at most one year ahead').length,
        ).toBeGreaterThan(0),
      );
    });
  });

  it("shows 'Error adding patient' with the server's message and marks the field", async () => {
    stubPatientsApi((request) =>
      request.method === 'POST'
        ? json(
            {
              error: {
                code: 'VALIDATION_ERROR',
                message: 'Please enter a valid phone number',
                details: [{ field: 'phone', message: 'Please enter a valid phone number' }],
              },
            },
            400,
          )
        : null,
    );
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
    expect(await screen.findByText('Error adding patient')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByText('Please enter a valid phone number').length).toBeGreaterThan(0),
    );
  });

  it('previews an import with the proposed mapping, remaps a column, imports with progress and shows the result', async () => {
    const preview: ImportPreviewResponse = {
      reading: { format: 'csv', encoding: 'windows-1252', delimiter: ';', sheets: [], sheet: null },
      header: ['Nombre', 'Apellidos', 'Teléfono', 'Notas'],
      mapping: ['given_name', 'family_name', 'phone', null],
      nameMapped: true,
      dateOrder: 'dmy',
      region: 'ES',
      sampleRows: [
        {
          row: 2,
          name: 'Ana Ruiz',
          email: null,
          phone: '+34612345678',
          procedure: null,
          procedureOriginal: null,
          status: 'active',
          procedureDate: '2026-05-04',
          language: null,
          marketingConsent: null,
          valid: true,
        },
      ],
      ambiguousDates: [{ row: 2, text: '04/05/2026', isoDate: '2026-05-04' }],
      ambiguousDateRows: 1,
      totalRows: 5,
      validRows: 2,
      errorRows: 2,
      duplicateRows: 1,
      columns: ['Nombre', 'Apellidos', 'Teléfono'],
      ignoredColumns: ['Notas'],
      errors: [
        { row: 3, field: 'name', message: 'Name required' },
        { row: 4, field: 'procedure_date', message: 'Please enter the date as DD/MM/YYYY or YYYY-MM-DD' },
      ],
      unknownProcedures: [{ text: 'Limpieza', rows: 2 }],
      duplicates: [
        {
          row: 5,
          field: 'phone',
          value: '+34612345678',
          fileRow: null,
          existingPatientId: 'P-1',
          existingPatientName: 'Ana Ruiz',
        },
      ],
    };
    const remapped = {
      ...preview,
      mapping: ['given_name', 'family_name', 'phone', 'comment'],
      ignoredColumns: [],
    };
    const result = { inserted: 2, skipped: 3, errors: preview.errors, duplicates: preview.duplicates };
    const network = stubPatientsApi((request) => {
      if (request.path === '/api/patients/import/uploads') return json({ ...preview, uploadId: 'upl_1' });
      if (request.path === '/api/procedures') {
        return json({
          procedures: [
            {
              key: 'Dental Implant',
              names: { en: 'Dental Implant', es: 'Implante dental', tr: null },
              archived: false,
              builtIn: true,
            },
            { key: 'Other', names: { en: 'Other', es: 'Otro', tr: null }, archived: false, builtIn: true },
          ],
        });
      }
      if (request.path === '/api/patients/import/preview') {
        return json({
          ...((request.body as { mapping?: unknown }).mapping ? remapped : preview),
          uploadId: 'upl_1',
        });
      }
      if (request.path === '/api/patients/import') {
        const lines = [
          { type: 'progress', done: 0, total: 2 },
          { type: 'progress', done: 2, total: 2 },
          { type: 'result', result },
        ];
        return new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
          headers: { 'Content-Type': 'application/x-ndjson' },
        });
      }
      return null;
    });
    const user = userEvent.setup();
    const { container } = renderPage(<PatientsPage />, { path: '/patients' });
    // Translations load on first render; a busy machine can take longer than findBy's default.
    await screen.findByRole('heading', { name: 'No Patients Yet' });
    await user.click(screen.getByRole('button', { name: 'Import patients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import patients' });
    const bytes = new Uint8Array([0x4e, 0x3b, 0xe9]); // "N;é" in Windows-1252: sent as it is
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input!, new File([bytes], 'pacientes.csv', { type: 'text/csv' }));

    expect(await within(dialog).findByTestId('import-stat-ready')).toHaveProperty('textContent', '2');
    // The file goes up once, as its own bytes; preview and import then name it by its id.
    const [sent] = network.to('/api/patients/import/uploads');
    expect(sent?.search.get('fileName')).toBe('pacientes.csv');
    const sentFile = sent?.body as Blob;
    expect(sentFile).toBeInstanceOf(Blob);
    expect(new Uint8Array(await sentFile.arrayBuffer())).toEqual(bytes);
    expect(network.to('/api/patients/import/preview')).toHaveLength(0);
    expect(within(dialog).getByRole('combobox', { name: 'Import column Nombre as' })).toHaveProperty(
      'value',
      'Given name',
    );
    expect(within(dialog).getByText('Ignored columns: Notas')).toBeTruthy();
    expect(within(dialog).getByText(/Row 2: 04\/05\/2026 read as/)).toBeTruthy();
    expect(within(dialog).getByTestId('import-sample').textContent).toContain('+34612345678');
    const errorRows = within(within(dialog).getByTestId('import-errors')).getAllByRole('row').slice(1);
    expect(errorRows.map((row) => row.textContent)).toEqual([
      '3NameName required',
      '4Procedure datePlease enter the date as DD/MM/YYYY or YYYY-MM-DD',
    ]);

    const notas = within(dialog).getByRole('combobox', { name: 'Import column Notas as' });
    await user.click(notas);
    const choices = container.ownerDocument.getElementById(notas.getAttribute('aria-controls') ?? '');
    await user.click(within(choices!).getByRole('option', { name: 'Comment', hidden: true }));
    await waitFor(() => expect(network.to('/api/patients/import/preview')).toHaveLength(1));
    expect(network.to('/api/patients/import/preview')[0]?.body).toEqual({
      uploadId: 'upl_1',
      mapping: ['given_name', 'family_name', 'phone', 'comment'],
    });
    await waitFor(() => expect(within(dialog).queryByText('Ignored columns: Notas')).toBeNull());

    // A file of patients from abroad: its phones' country, asked again and kept for the import.
    const phoneCountry = within(dialog).getByRole('combobox', { name: /^Phone numbers' country/ });
    expect(phoneCountry).toHaveProperty('value', 'ES');
    await user.selectOptions(phoneCountry, 'TR');
    await waitFor(() => expect(network.to('/api/patients/import/preview')).toHaveLength(2));
    expect(network.to('/api/patients/import/preview')[1]?.body).toEqual({
      uploadId: 'upl_1',
      mapping: ['given_name', 'family_name', 'phone', 'comment'],
      phoneCountry: 'TR',
    });

    // A procedure the clinic's list does not know: "Other" keeping the text, unless staff choose one.
    const limpieza = within(dialog).getByRole('combobox', { name: '"Limpieza" (2 rows)' });
    expect(limpieza).toHaveProperty('value', '');
    await waitFor(() => expect(within(limpieza).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(limpieza, 'Dental Implant');
    await waitFor(() => expect(network.to('/api/patients/import/preview')).toHaveLength(3));
    expect(network.to('/api/patients/import/preview')[2]?.body).toMatchObject({
      procedureMapping: { Limpieza: 'Dental Implant' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Import valid rows (2)' }));
    expect(await within(dialog).findByText('Added: 2. Skipped: 3.')).toBeTruthy();
    expect(network.to('/api/patients/import')[0]?.body).toEqual({
      uploadId: 'upl_1',
      mapping: ['given_name', 'family_name', 'phone', 'comment'],
      phoneCountry: 'TR',
      procedureMapping: { Limpieza: 'Dental Implant' },
    });
    expect(network.to('/api/patients/import/uploads')).toHaveLength(1);
  });
});
