import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patients } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const send = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: method === 'GET' ? { cookie } : jsonHeaders({ cookie }),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const keys = (body: { procedures: { key: string; archived: boolean }[] }) =>
  body.procedures.filter((p) => !p.archived).map((p) => p.key);

/** A clinic in Spain on Enterprise (no patient limit). */
async function spanishClinic() {
  const clinic = await buildClinic(t, { tier: 'enterprise' });
  await t.db
    .update(clinics)
    .set({ country: 'ES', timeZone: 'Europe/Madrid', defaultLanguage: 'es' })
    .where(eq(clinics.id, clinic.clinicId));
  return clinic;
}

describe("a clinic's procedure list", () => {
  it('starts with the seven defaults named per language, takes its own, renames and archives', async () => {
    const { owner } = await spanishClinic();
    const start = await send(owner.cookie, 'GET', '/api/procedures');
    expect(start.statusCode).toBe(200);
    expect(keys(start.json())).toHaveLength(7);
    expect(start.json().procedures[5]).toEqual({
      key: 'Root Canal',
      names: { en: 'Root Canal', es: 'Endodoncia', tr: 'Kanal tedavisi' },
      archived: false,
      builtIn: true,
    });

    const added = await send(owner.cookie, 'POST', '/api/procedures', { names: { es: 'Ortodoncia' } });
    expect(added.statusCode).toBe(200);
    expect(keys(added.json())).toContain('Ortodoncia');

    const taken = await send(owner.cookie, 'POST', '/api/procedures', { names: { en: 'ortodoncia' } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toBe('Another procedure already has this name');

    const renamed = await send(owner.cookie, 'PATCH', '/api/procedures/Ortodoncia', {
      names: { en: 'Orthodontics' },
    });
    expect(renamed.json().procedures.at(-1)).toMatchObject({
      key: 'Ortodoncia',
      names: { en: 'Orthodontics', es: 'Ortodoncia', tr: null },
    });

    const archived = await send(
      owner.cookie,
      'PATCH',
      `/api/procedures/${encodeURIComponent('Hair Transplant')}`,
      {
        archived: true,
      },
    );
    expect(keys(archived.json())).not.toContain('Hair Transplant');

    const other = await send(owner.cookie, 'PATCH', '/api/procedures/Other', { archived: true });
    expect(other.statusCode).toBe(400);
  });

  it('is each clinic’s own: another clinic’s procedure is unknown to it and answers 404', async () => {
    const first = await spanishClinic();
    const second = await spanishClinic();
    await send(first.owner.cookie, 'POST', '/api/procedures', { names: { es: 'Limpieza' } });
    expect(keys((await send(second.owner.cookie, 'GET', '/api/procedures')).json())).not.toContain(
      'Limpieza',
    );
    const rename = await send(second.owner.cookie, 'PATCH', '/api/procedures/Limpieza', {
      names: { es: 'Mía' },
    });
    expect(rename.statusCode).toBe(404);
    const patient = await send(second.owner.cookie, 'POST', '/api/patients', {
      name: 'Ana Ruiz',
      procedure: 'Limpieza',
    });
    expect(patient.statusCode).toBe(400);
  });

  it('lets only owners and admins change it', async () => {
    const { clinicId } = await spanishClinic();
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await send(staff.cookie, 'GET', '/api/procedures')).statusCode).toBe(200);
    const refused = await send(staff.cookie, 'POST', '/api/procedures', { names: { es: 'Carillas' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('patients with the clinic’s procedures', () => {
  it('takes its own procedure by any name, stores the key, and refuses an archived one for new choices', async () => {
    const { owner } = await spanishClinic();
    await send(owner.cookie, 'POST', '/api/procedures', { names: { es: 'Ortodoncia', en: 'Orthodontics' } });
    const created = await send(owner.cookie, 'POST', '/api/patients', {
      name: 'Ana Ruiz',
      procedure: 'orthodontics',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ procedure: 'Ortodoncia', procedureOriginal: null });

    await send(owner.cookie, 'PATCH', '/api/procedures/Ortodoncia', { archived: true });
    // The patient keeps it; an edit of another field still saves.
    const edited = await send(owner.cookie, 'PATCH', `/api/patients/${created.json().id}`, { comment: 'ok' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().procedure).toBe('Ortodoncia');
    const refused = await send(owner.cookie, 'POST', '/api/patients', {
      name: 'Luis',
      procedure: 'Ortodoncia',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('imports its own procedures, puts unknown ones in Other with the text kept, or where staff map them', async () => {
    const { clinicId, owner } = await spanishClinic();
    await send(owner.cookie, 'POST', '/api/procedures', { names: { es: 'Ortodoncia' } });
    const csv = [
      'nombre;procedimiento',
      'Ana Ruiz;Ortodoncia',
      'Luis Gil;Limpieza',
      'Eva Sanz;Limpieza',
      'Marta Pons;Carillas',
      'Juan Mora;Implante dental',
    ].join('\n');

    const preview = await send(owner.cookie, 'POST', '/api/patients/import/preview', { csv });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      validRows: 5,
      errorRows: 0,
      unknownProcedures: [
        { text: 'Limpieza', rows: 2 },
        { text: 'Carillas', rows: 1 },
      ],
    });
    expect(preview.json().sampleRows[1]).toMatchObject({ procedure: 'Other', procedureOriginal: 'Limpieza' });

    const imported = await send(owner.cookie, 'POST', '/api/patients/import', {
      csv,
      procedureMapping: { Carillas: 'Ortodoncia' },
    });
    expect(imported.json()).toMatchObject({ inserted: 5, skipped: 0 });
    const rows = await t.db
      .select({ name: patients.name, procedure: patients.procedure, original: patients.procedureOriginal })
      .from(patients)
      .where(eq(patients.clinicId, clinicId));
    expect(Object.fromEntries(rows.map((row) => [row.name, [row.procedure, row.original]]))).toEqual({
      'Ana Ruiz': ['Ortodoncia', null],
      'Luis Gil': ['Other', 'Limpieza'],
      'Eva Sanz': ['Other', 'Limpieza'],
      'Marta Pons': ['Ortodoncia', null],
      'Juan Mora': ['Dental Implant', null],
    });
  });
});
