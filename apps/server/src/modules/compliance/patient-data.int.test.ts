import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/execute-rows';
import {
  alerts,
  caseNotes,
  clientActions,
  crossSellOpportunities,
  followUpCampaigns,
  patientAliases,
  patientCommunications,
  securityAuditLog,
  webhookLogs,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildCase } from '../../testing/build-case';
import { buildPatient } from '../../testing/build-patient';
import { buildReview } from '../../testing/build-review';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { erasePatientRows } from './patient-data.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const exportUrl = (id: string, format: 'json' | 'csv') =>
  `/api/compliance/patients/${id}/export?format=${format}`;
const erase = (cookie: string, id: string, payload: object = { requestedVia: 'email' }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/compliance/patients/${encodeURIComponent(id)}/erasure`,
    headers: jsonHeaders({ cookie }),
    payload,
  });

/**
 * A patient known everywhere the product keeps patient data: created through the public API (so
 * its stored Idempotency-Key answer holds them), an alias, messages, an inbound reply and its
 * status callback, a matched review with a case and a note, an alert, a cross-sell, a follow-up
 * campaign, a client report naming their page, and a view in the audit trail.
 */
async function buildKnownPatient(clinicId: string, owner: SignedInUser) {
  const tag = randomBytes(4).toString('hex');
  const name = `Zeynep Erasable${tag}`;
  const email = `zeynep.${tag}@patient.example`;
  // Unique in the whole database (the test searches every table for it, other files' rows included):
  // 8 million numbers of an area code no other test uses, where 10,000 of +1 415 555 collided.
  const n = Number.parseInt(tag, 16);
  const phone = `+1628${2 + (n % 8)}${String(Math.floor(n / 8) % 1_000_000).padStart(6, '0')}`;
  const token = await buildAccessToken(t, await buildApiClient(t, owner));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/patients',
    headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': `k-${tag}` },
    payload: { name, email, phone },
  });
  expect(created.statusCode).toBe(201);
  const id: string = created.json().id;
  await t.db.insert(patientAliases).values({
    clinicId,
    id: newId('als'),
    patientId: id,
    alias: `Zeynep E${tag}`,
    aliasKey: `zeynep e${tag}`,
  });
  const sentId = `wamid.${tag}`;
  await t.db.insert(patientCommunications).values([
    {
      clinicId,
      id: newId('msg'),
      patientId: id,
      channel: 'whatsapp',
      messageContent: `Hi ${name}, how is your recovery?`,
      deliveryStatus: 'delivered',
      providerMessageId: sentId,
      sentAt: new Date(),
      responseReceived: true,
      responseContent: 'Much better, thanks',
    },
    { clinicId, id: newId('msg'), patientId: id, channel: 'sms', messageContent: `Queued for ${name}` },
  ]);
  await t.db.insert(webhookLogs).values([
    {
      clinicId,
      id: newId('whl'),
      webhookType: 'inbound_message',
      provider: 'whatsapp',
      providerMessageId: `in.${tag}`,
      patientId: id,
      patientPhone: phone,
      messageContent: 'Much better, thanks',
    },
    // A reply from the patient's phone not yet linked to them.
    {
      clinicId,
      id: newId('whl'),
      webhookType: 'inbound_message',
      provider: 'twilio',
      providerMessageId: `sm.${tag}`,
      patientPhone: phone,
      messageContent: 'Is my next check-up on Monday?',
    },
    {
      clinicId,
      id: newId('whl'),
      webhookType: 'status_callback',
      provider: 'whatsapp',
      providerMessageId: sentId,
    },
  ]);
  const { review } = await buildReview(t, {
    clinicId,
    patientId: id,
    reviewerName: name,
    reviewText: `I am ${name} and my implant hurts`,
  });
  const { case: kase } = await buildCase(t, {
    clinicId,
    source: 'review',
    sourceId: review.id,
    title: `Review by ${name}`,
  });
  await t.db
    .insert(caseNotes)
    .values({ clinicId, id: newId('not'), caseId: kase.id, body: `Called ${name} back` });
  await t.db
    .insert(alerts)
    .values({ clinicId, id: newId('alr'), patientId: id, severity: 'high', message: `${name}: pain` });
  await t.db
    .insert(crossSellOpportunities)
    .values({ clinicId, id: newId('xso'), reviewId: review.id, patientId: id });
  await t.db
    .insert(followUpCampaigns)
    .values({ clinicId, id: newId('fuc'), patientId: id, status: 'scheduled' });
  await t.db
    .insert(clientActions)
    .values({ id: newId('cac'), clinicId, action: 'open_patient', url: `/patients/${id}` });
  const viewed = await t.app.inject({
    method: 'GET',
    url: `/api/patients/${id}`,
    headers: { cookie: owner.cookie },
  });
  expect(viewed.statusCode).toBe(200);
  return { id, name, email, phone, reviewId: review.id, caseId: kase.id };
}

/** Every base table, every row as text: where does this value still appear? */
async function tablesHolding(needle: string): Promise<string[]> {
  const tables = await executeRows<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await executeRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} x where strpos(lower(x::text), lower(${needle})) > 0`,
    );
    if (row && row.n > 0) found.push(table_name);
  }
  return found;
}

describe('patient data export and erasure (Enterprise Compliance)', () => {
  let clinic: { clinicId: string; owner: SignedInUser };
  beforeAll(async () => {
    clinic = await buildClinic(t, { tier: 'enterprise' });
  });

  it('exports one patient across tables as JSON and as formula-safe CSV, and audits each export', async () => {
    const p = await buildKnownPatient(clinic.clinicId, clinic.owner);
    await buildPatient(t, clinic.clinicId, { name: 'Someone Else', email: 'else@patient.example' });
    const json = await t.app.inject({
      method: 'GET',
      url: exportUrl(p.id, 'json'),
      headers: { cookie: clinic.owner.cookie },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="patient-${p.id}-\\d{4}-\\d{2}-\\d{2}\\.json"`),
    );
    const data = json.json();
    expect(data.patient).toEqual([
      expect.objectContaining({ id: p.id, name: p.name, email: p.email, phone: p.phone }),
    ]);
    expect(data.aliases).toHaveLength(1);
    expect(data.messages).toHaveLength(2);
    expect(data.inboundMessages).toHaveLength(3);
    expect(data.reviews).toEqual([expect.objectContaining({ id: p.reviewId })]);
    expect(data.cases).toEqual([expect.objectContaining({ id: p.caseId })]);
    expect(data.caseNotes).toHaveLength(1);
    expect(data.alerts).toHaveLength(1);
    expect(data.crossSellOpportunities).toHaveLength(1);
    expect(data.followUpCampaigns).toHaveLength(1);
    expect(json.body).not.toContain('Someone Else');

    // A value that a spreadsheet would run is written as text.
    await t.db.insert(patientAliases).values({
      clinicId: clinic.clinicId,
      id: newId('als'),
      patientId: p.id,
      alias: '=HYPERLINK("http://evil.example","x")',
      aliasKey: 'evil',
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: exportUrl(p.id, 'csv'),
      headers: { cookie: clinic.owner.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // UTF-8 with a byte-order mark, so that spreadsheets read accents right.
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('section,record_id,field,value');
    expect(lines).toContain(`patient,${p.id},name,${p.name}`);
    expect(lines).toContain(`patient,${p.id},phone,${p.phone}`);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);

    const audits = await t.db
      .select()
      .from(securityAuditLog)
      .where(sql`${securityAuditLog.clinicId} = ${clinic.clinicId}`);
    expect(audits.length).toBeGreaterThan(0);
    const exports = await executeRows<{ context: { patientId: string; format: string } }>(
      t.db,
      sql`select context from user_actions where clinic_id = ${clinic.clinicId} and action = 'patient_data_exported' order by created_at`,
    );
    expect(exports.map((e) => [e.context.patientId, e.context.format])).toEqual([
      [p.id, 'json'],
      [p.id, 'csv'],
    ]);
  });

  it('erases the patient from every table, leaving their name, e-mail and phone nowhere and their id only in the audit trail', async () => {
    const p = await buildKnownPatient(clinic.clinicId, clinic.owner);
    const kept = await buildKnownPatient(clinic.clinicId, clinic.owner);
    const other = await buildClinic(t, { tier: 'enterprise' });
    const elsewhere = await buildKnownPatient(other.clinicId, other.owner);
    const otherBefore = await clinicSnapshot(t.db, other.clinicId);
    for (const needle of [p.name, p.email, p.phone, p.id])
      expect((await tablesHolding(needle)).length).toBeGreaterThan(1);

    const res = await erase(clinic.owner.cookie, p.id, { requestedVia: 'letter' });
    expect(res.statusCode).toBe(200);
    expect(res.json().removed).toMatchObject({
      patients: 1,
      patient_aliases: 1,
      patient_communications: 2,
      webhook_logs: 3,
      reviews: 1,
      cases: 1,
      case_notes: 1,
      alerts: 1,
      cross_sell_opportunities: 1,
      followup_campaigns: 1,
      api_idempotency_keys: 1,
      client_actions: 1,
    });

    for (const needle of [p.name, p.email, p.phone]) expect(await tablesHolding(needle), needle).toEqual([]);
    // The append-only audit trail keeps the id (who viewed, who erased), never a name.
    expect(await tablesHolding(p.id)).toEqual(['security_audit_log']);
    const [audit] = await executeRows<{
      user_id: string;
      risk_level: string;
      detail: { requestedVia: string };
    }>(
      t.db,
      sql`select user_id, risk_level, detail from security_audit_log where clinic_id = ${clinic.clinicId} and action = 'patient_data_erased' and resource_id = ${p.id}`,
    );
    expect(audit).toMatchObject({
      user_id: clinic.owner.userId,
      risk_level: 'high',
      detail: { requestedVia: 'letter' },
    });

    // The clinic's other patient and the other clinic are untouched.
    for (const needle of [kept.name, kept.email, kept.phone])
      expect((await tablesHolding(needle)).length).toBeGreaterThan(1);
    expect(changedTables(otherBefore, await clinicSnapshot(t.db, other.clinicId))).toEqual([]);
    expect((await tablesHolding(elsewhere.name)).length).toBeGreaterThan(3);

    const again = await erase(clinic.owner.cookie, p.id);
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another clinic's patient and changes nothing in either clinic", async () => {
    const other = await buildClinic(t, { tier: 'enterprise' });
    const theirs = await buildPatient(t, other.clinicId, { name: 'Their Patient' });
    const before = [await clinicSnapshot(t.db, other.clinicId), await clinicSnapshot(t.db, clinic.clinicId)];
    const exported = await t.app.inject({
      method: 'GET',
      url: exportUrl(theirs.id, 'json'),
      headers: { cookie: clinic.owner.cookie },
    });
    expect(exported.statusCode).toBe(404);
    const erased = await erase(clinic.owner.cookie, theirs.id);
    expect(erased.statusCode).toBe(404);
    expect(changedTables(before[0]!, await clinicSnapshot(t.db, other.clinicId))).toEqual([]);
    expect(changedTables(before[1]!, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });

  it("a fault while writing the erasure's audit entry erases nothing", async () => {
    const patient = await buildPatient(t, clinic.clinicId, { name: 'Audit Fault' });
    await buildCase(t, { clinicId: clinic.clinicId, patientId: patient.id });
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    // The rows go in the caller's transaction: the audit entry failing after them takes them back.
    await expect(
      t.db.transaction(async (tx) => {
        expect(await erasePatientRows(tx, clinic.clinicId, patient.id)).toMatchObject({
          patients: 1,
          cases: 1,
        });
        throw new Error('audit trail unavailable');
      }),
    ).rejects.toThrow('audit trail unavailable');
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });

  it('refuses bad input, staff and other plans, changing nothing', async () => {
    const patient = await buildPatient(t, clinic.clinicId, { name: 'Stays Here' });
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    const professional = await buildClinic(t, { tier: 'professional' });
    const theirPatient = await buildPatient(t, professional.clinicId);
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    for (const body of [
      {},
      { requestedVia: 'fax' },
      { requestedVia: 'email', extra: 1 },
      { requestedVia: '' },
    ]) {
      const res = await erase(clinic.owner.cookie, patient.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badFormat = await t.app.inject({
      method: 'GET',
      url: `/api/compliance/patients/${patient.id}/export?format=xml`,
      headers: { cookie: clinic.owner.cookie },
    });
    expect(badFormat.statusCode).toBe(400);
    expect((await erase(staff.cookie, patient.id)).statusCode).toBe(403);
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);

    const locked = await erase(professional.owner.cookie, theirPatient.id);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: 'This feature requires Enterprise plan',
    });
  });
});
