import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicProcedures } from '../../db/schema';
import { type AppWithKeptCaches, createAppWithKeptCaches } from '../../testing/app-with-kept-caches';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import type { TestApp } from '../../testing/test-app';

// A clinic's procedure list kept for SESSION_CACHE_SECONDS (ADR 023): adding a patient reads it once
// per that time; this process's own changes count at once; a procedure added elsewhere is known at
// once, one archived elsewhere is refused within the kept time.
describe("a clinic's procedure list kept by the process", () => {
  let kept: AppWithKeptCaches;
  let t: TestApp;

  beforeAll(async () => {
    kept = await createAppWithKeptCaches();
    t = kept.t;
  });

  afterAll(async () => {
    await t?.close();
  });

  const procedureReads = () => kept.count(/from "clinic_procedures"/);

  async function addPatient(cookie: string, procedure: string) {
    kept.forgetStatements();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: jsonHeaders({ cookie }),
      payload: { name: 'Ana Ruiz', procedure },
    });
    return { status: res.statusCode, body: res.json(), procedureReads: procedureReads() };
  }

  const changeProcedures = (cookie: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: jsonHeaders({ cookie }), payload });

  it('is read once per SESSION_CACHE_SECONDS when patients are added', async () => {
    const { owner } = await buildClinic(t, { tier: 'enterprise' });
    expect(await addPatient(owner.cookie, 'Dental Implant')).toMatchObject({
      status: 201,
      procedureReads: 1,
    });
    kept.clock.now += 1_999;
    expect(await addPatient(owner.cookie, 'Root Canal')).toMatchObject({ status: 201, procedureReads: 0 });
    kept.clock.now += 1;
    expect(await addPatient(owner.cookie, 'Root Canal')).toMatchObject({ status: 201, procedureReads: 1 });
  });

  it('counts at once a procedure this process adds or archives', async () => {
    const { owner } = await buildClinic(t, { tier: 'enterprise' });
    expect((await addPatient(owner.cookie, 'Dental Implant')).status).toBe(201);
    const added = await changeProcedures(owner.cookie, 'POST', '/api/procedures', {
      names: { en: 'Veneers' },
    });
    expect(added.statusCode).toBe(200);
    expect(await addPatient(owner.cookie, 'veneers')).toMatchObject({
      status: 201,
      body: { procedure: 'Veneers' },
    });
    const archived = await changeProcedures(owner.cookie, 'PATCH', '/api/procedures/Veneers', {
      archived: true,
    });
    expect(archived.statusCode).toBe(200);
    const refused = await addPatient(owner.cookie, 'Veneers');
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ field: 'procedure', message: expect.any(String) }]);
  });

  it('knows at once a procedure added elsewhere, and refuses one archived elsewhere within the kept time', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'enterprise' });
    expect(await addPatient(owner.cookie, 'Dental Implant')).toMatchObject({
      status: 201,
      procedureReads: 1,
    });

    // Another web process adds a procedure: the kept list does not know the text, so the table is asked.
    const at = new Date(kept.clock.now);
    await t.db
      .insert(clinicProcedures)
      .values({ clinicId, key: 'Carillas', nameEs: 'Carillas', createdAt: at, updatedAt: at });
    expect(await addPatient(owner.cookie, 'Carillas')).toMatchObject({
      status: 201,
      body: { procedure: 'Carillas' },
      procedureReads: 1,
    });

    // Another web process archives one: the kept list still takes it, for SESSION_CACHE_SECONDS at most.
    await t.db
      .insert(clinicProcedures)
      .values({ clinicId, key: 'Dental Implant', archivedAt: at, createdAt: at, updatedAt: at });
    expect(await addPatient(owner.cookie, 'Dental Implant')).toMatchObject({
      status: 201,
      procedureReads: 0,
    });
    kept.clock.now += 2_000;
    expect(await addPatient(owner.cookie, 'Dental Implant')).toMatchObject({
      status: 400,
      procedureReads: 1,
    });
  });

  it("never answers with another clinic's list", async () => {
    const first = await buildClinic(t, { tier: 'enterprise' });
    const second = await buildClinic(t, { tier: 'enterprise' });
    const added = await changeProcedures(first.owner.cookie, 'POST', '/api/procedures', {
      names: { en: 'Gum Graft' },
    });
    expect(added.statusCode).toBe(200);
    expect((await addPatient(first.owner.cookie, 'Gum Graft')).status).toBe(201);
    expect((await addPatient(second.owner.cookie, 'Dental Implant')).status).toBe(201);
    expect((await addPatient(second.owner.cookie, 'Gum Graft')).status).toBe(400);
    expect((await addPatient(first.owner.cookie, 'Gum Graft')).status).toBe(201);
  });
});
