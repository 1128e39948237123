import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTemplates } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (cookie: string, templates: unknown[]) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/templates',
    headers: jsonHeaders({ cookie }),
    payload: { templates },
  });
const get = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/templates', headers: jsonHeaders({ cookie }) });

const draft = (name: string, body = 'Hi {{patient_name}}, thanks for visiting {{clinic_name}}.') => ({
  name,
  body,
  language: 'en',
  channel: 'whatsapp',
});

async function rowsOf(clinicId: string) {
  return t.db.select().from(messageTemplates).where(eq(messageTemplates.clinicId, clinicId));
}

describe('message templates', () => {
  it('replaces the set, skips drafts without a name or body, and keeps the order', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await put(owner.cookie, [draft('Old')]);
    const res = await put(owner.cookie, [
      draft('Day 1'),
      { ...draft(''), body: 'no name' },
      { ...draft('No body'), body: '  ' },
      { ...draft('Día 3'), language: 'es', category: 'post_op_care' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().templates.map((tpl: { name: string }) => tpl.name)).toEqual(['Day 1', 'Día 3']);
    expect(res.json().limit).toBe(3);
    expect(await rowsOf(clinicId)).toHaveLength(2);
    expect((await get(owner.cookie)).json().templates[1]).toMatchObject({
      language: 'es',
      category: 'post_op_care',
    });
  });

  it.each([
    ['starter', 3, 200],
    ['starter', 4, 403],
    ['professional', 12, 200],
  ] as const)('%s with %i templates -> %s', async (tier, count, status) => {
    const { clinicId, owner } = await buildClinic(t, { tier });
    await put(owner.cookie, [draft('Keep me')]);
    const res = await put(
      owner.cookie,
      Array.from({ length: count }, (_, i) => draft(`T${i + 1}`)),
    );
    expect(res.statusCode).toBe(status);
    const names = (await rowsOf(clinicId)).map((r) => r.templateName);
    if (status === 403) {
      expect(res.json().error).toEqual({
        code: 'PLAN_REQUIRED',
        message: 'Template Limit Reached - Upgrade to Professional to add more than 3 templates',
      });
      expect(names).toEqual(['Keep me']);
    } else {
      expect(names).toHaveLength(count);
    }
  });

  it('refuses an unknown variable or a repeated name with 400 and changes nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await put(owner.cookie, [draft('Keep me')]);
    const unknown = await put(owner.cookie, [draft('A', 'Hi {{first_name}}')]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown variable {{first_name}} in "A"');
    const twice = await put(owner.cookie, [draft('Same'), draft('same')]);
    expect(twice.statusCode).toBe(400);
    expect((await rowsOf(clinicId)).map((r) => r.templateName)).toEqual(['Keep me']);
  });

  it('lets staff read but not save, and keeps clinics apart', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const staff = await buildMember(t, a.clinicId, 'staff');
    await put(a.owner.cookie, [draft('Clinic A only')]);
    expect((await get(staff.cookie)).json().templates).toHaveLength(1);
    expect((await put(staff.cookie, [draft('Nope')])).statusCode).toBe(403);
    expect((await get(b.owner.cookie)).json().templates).toEqual([]);
    await put(b.owner.cookie, []);
    expect(await rowsOf(a.clinicId)).toHaveLength(1);
  });
});
