import type { AuditLogEntry } from '@careloop/contracts/compliance';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/execute-rows';
import { securityAuditLog, userActions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildClinic, buildMember, type SignedInUser } from '../../testing/build-user';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const at = (iso: string) => new Date(iso);

describe('audit log viewer (Enterprise Compliance)', () => {
  let clinic: { clinicId: string; owner: SignedInUser };
  let admin: SignedInUser;
  beforeAll(async () => {
    // Madrid: the date filters are whole days of the clinic's own calendar.
    clinic = await buildClinic(t, { tier: 'enterprise' });
    await t.db.execute(sql`update clinics set time_zone = 'Europe/Madrid' where id = ${clinic.clinicId}`);
    admin = await buildMember(t, clinic.clinicId, 'admin');
    const other = await buildClinic(t, { tier: 'enterprise' });
    await t.db.insert(securityAuditLog).values([
      {
        id: newId('aud'),
        clinicId: clinic.clinicId,
        userId: admin.userId,
        action: 'patient_viewed',
        resourceType: 'patient',
        resourceId: 'P-1',
        riskLevel: 'low',
        // 23:30 in Madrid on 1 March.
        createdAt: at('2026-03-01T22:30:00Z'),
      },
      {
        id: newId('aud'),
        clinicId: clinic.clinicId,
        userId: clinic.owner.userId,
        action: 'secret_saved',
        resourceType: 'secret',
        resourceId: '=HYPERLINK("http://evil.example")',
        riskLevel: 'medium',
        createdAt: at('2026-03-02T09:00:00Z'),
      },
      {
        id: newId('aud'),
        clinicId: other.clinicId,
        userId: other.owner.userId,
        action: 'patient_viewed',
        resourceType: 'patient',
        resourceId: 'P-other',
        riskLevel: 'low',
        createdAt: at('2026-03-01T12:00:00Z'),
      },
    ]);
    await t.db.insert(userActions).values({
      id: newId('act'),
      clinicId: clinic.clinicId,
      userId: admin.userId,
      action: 'patients_exported',
      context: { count: 3, format: 'csv' },
      createdAt: at('2026-03-01T10:00:00Z'),
    });
  });

  const dated = (items: AuditLogEntry[]) => items.filter((item) => item.at.startsWith('2026-03'));

  it("lists both trails of the clinic only, newest first, with who did it, filtered by action, user and the clinic's days", async () => {
    const all = await get(clinic.owner.cookie, '/api/compliance/audit-log');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(dated(body.items).map((i: { action: string }) => i.action)).toEqual([
      'secret_saved',
      'patient_viewed',
      'patients_exported',
    ]);
    expect(body.items.some((i: { resourceId: string }) => i.resourceId === 'P-other')).toBe(false);
    expect(body.items.find((i: { action: string }) => i.action === 'patients_exported')).toMatchObject({
      trail: 'work',
      userId: admin.userId,
      userEmail: admin.email,
      detail: { count: 3, format: 'csv' },
    });
    expect(body.users.map((u: { userId: string }) => u.userId).sort()).toEqual(
      [clinic.owner.userId, admin.userId].sort(),
    );

    const byAction = await get(clinic.owner.cookie, '/api/compliance/audit-log?action=patient_viewed');
    expect(byAction.json().items.map((i: { resourceId: string }) => i.resourceId)).toEqual(['P-1']);
    const byUser = await get(clinic.owner.cookie, `/api/compliance/audit-log?userId=${admin.userId}`);
    expect(dated(byUser.json().items).map((i: { action: string }) => i.action)).toEqual([
      'patient_viewed',
      'patients_exported',
    ]);
    // 22:30 UTC on 1 March is still 1 March in Madrid; 09:00 UTC on 2 March is 2 March.
    const firstOfMarch = await get(
      clinic.owner.cookie,
      '/api/compliance/audit-log?from=2026-03-01&to=2026-03-01',
    );
    expect(firstOfMarch.json().items.map((i: { action: string }) => i.action)).toEqual([
      'patient_viewed',
      'patients_exported',
    ]);
    const secondOfMarch = await get(
      clinic.owner.cookie,
      '/api/compliance/audit-log?from=2026-03-02&to=2026-03-02',
    );
    expect(secondOfMarch.json().items.map((i: { action: string }) => i.action)).toEqual(['secret_saved']);
  });

  it('pages with a keyset cursor, neither skipping nor repeating rows written in the same instant', async () => {
    const paged = await buildClinic(t, { tier: 'enterprise' });
    const same = at('2026-04-01T08:00:00Z');
    await t.db.insert(userActions).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: newId('act'),
        clinicId: paged.clinicId,
        action: 'templates_saved',
        context: { n: i },
        createdAt: i < 70 ? same : at(`2026-04-0${1 + (i % 5)}T0${i % 10}:00:00Z`),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/api/compliance/audit-log?action=templates_saved${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(paged.owner.cookie, url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.items.map((i: { id: string }) => i.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
  });

  it('exports the filtered rows as formula-safe CSV and audits the export', async () => {
    const res = await get(
      clinic.owner.cookie,
      '/api/compliance/audit-log/export.csv?from=2026-03-01&to=2026-03-02',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'time_utc,trail,action,user_name,user_email,resource_type,resource_id,risk_level,ip_address,detail',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const [audit] = await executeRows<{ user_id: string; context: { count: number } }>(
      t.db,
      sql`select user_id, context from user_actions where clinic_id = ${clinic.clinicId} and action = 'audit_log_exported'`,
    );
    expect(audit).toMatchObject({ user_id: clinic.owner.userId, context: { count: 3 } });
  });

  it('refuses a day no calendar has instead of dropping the filter, and takes the last day the calendar holds', async () => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    // Date.parse rolls 31 February over to 3 March: the filter was dropped and the whole log listed and exported.
    for (const query of ['from=2026-02-31', 'to=2026-02-30', 'from=2025-02-29&to=2026-03-01']) {
      expect((await get(clinic.owner.cookie, `/api/compliance/audit-log?${query}`)).statusCode, query).toBe(
        400,
      );
      const csv = await get(clinic.owner.cookie, `/api/compliance/audit-log/export.csv?${query}`);
      expect(csv.statusCode, query).toBe(400);
    }
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
    // In UTC (or west of it) the day after 9999-12-31 starts in year 10000, a timestamp text
    // PostgreSQL does not read: it bounds nothing (was a 500).
    const utc = await buildClinic(t, { tier: 'enterprise' });
    await t.db.insert(userActions).values({
      id: newId('act'),
      clinicId: utc.clinicId,
      action: 'templates_saved',
      createdAt: at('2026-03-02T09:00:00Z'),
    });
    const untilTheEnd = await get(
      utc.owner.cookie,
      '/api/compliance/audit-log?from=2026-03-02&to=9999-12-31',
    );
    expect(untilTheEnd.statusCode).toBe(200);
    expect(dated(untilTheEnd.json().items).map((i: { action: string }) => i.action)).toEqual([
      'templates_saved',
    ]);
    const csv = await get(
      utc.owner.cookie,
      '/api/compliance/audit-log/export.csv?from=2026-03-02&to=9999-12-31',
    );
    expect(csv.statusCode).toBe(200);
  });

  it('refuses bad filters (400), staff (403) and clinics below Enterprise (403 with the locked-feature message)', async () => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    for (const query of [
      'action=not_an_action',
      'from=2026-13-01',
      'from=yesterday',
      'from=2026-03-02&to=2026-03-01',
      'cursor=not-a-cursor',
    ]) {
      const res = await get(clinic.owner.cookie, `/api/compliance/audit-log?${query}`);
      expect(res.statusCode, query).toBe(400);
      // The export takes the filters and no cursor (it ignores one).
      if (!query.startsWith('cursor')) {
        const csv = await get(clinic.owner.cookie, `/api/compliance/audit-log/export.csv?${query}`);
        expect(csv.statusCode, query).toBe(400);
      }
    }
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await get(staff.cookie, '/api/compliance/audit-log')).statusCode).toBe(403);
    for (const tier of ['starter', 'professional'] as const) {
      const below = await buildClinic(t, { tier });
      const res = await get(below.owner.cookie, '/api/compliance/audit-log');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'PLAN_REQUIRED',
        message: 'This feature requires Enterprise plan',
      });
    }
  });
});
