import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cases, clinics } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { inboundWebhookApp, uniquePhone } from '../../testing/inbound-webhook-app';
import type { TestApp } from '../../testing/test-app';

// A sandbox clinic's simulated reply (testing/inbound-webhook-app.ts): the fake provider sends it
// signed through the real webhook.
const inbound = inboundWebhookApp();
const { logsOf } = inbound;
let t: TestApp;
beforeAll(() => {
  ({ t } = inbound.started());
});

describe('POST /api/conversations/simulate-reply', () => {
  it("makes a sandbox clinic's provider send a signed reply through the real webhook", async () => {
    const clinic = await buildClinic(t);
    await t.db.update(clinics).set({ sandboxMode: 'on' }).where(eq(clinics.id, clinic.clinicId));
    const phone = uniquePhone();
    const patient = await buildPatient(t, clinic.clinicId, { phone });
    const simulate = (payload: Record<string, unknown>, cookie = clinic.owner.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations/simulate-reply',
        headers: jsonHeaders({ cookie }),
        payload,
      });

    const sms = await simulate({ patientId: patient.id, channel: 'sms', text: 'Awful, I want a refund!' });
    expect(sms.statusCode).toBe(200);
    expect(sms.json()).toMatchObject({ provider: 'twilio', webhookStatus: 200 });
    const whatsapp = await simulate({ patientId: patient.id, channel: 'whatsapp', text: 'Gracias' });
    expect(whatsapp.statusCode).toBe(200);
    expect(whatsapp.json()).toMatchObject({ provider: 'whatsapp', webhookStatus: 200 });

    const logs = await logsOf(clinic.clinicId);
    expect(logs.map((l) => l.provider).sort()).toEqual(['twilio', 'whatsapp']);
    expect(logs.every((l) => l.patientId === patient.id)).toBe(true);
    const raised = await t.db.select().from(cases).where(eq(cases.clinicId, clinic.clinicId));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ source: 'alert', patientId: patient.id });

    // Validation, roles, tenancy.
    const bad = await simulate({ patientId: patient.id, channel: 'fax', text: '' });
    expect(bad.statusCode).toBe(400);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect(
      (await simulate({ patientId: patient.id, channel: 'sms', text: 'hi' }, staff.cookie)).statusCode,
    ).toBe(403);
    const other = await buildClinic(t);
    await t.db.update(clinics).set({ sandboxMode: 'on' }).where(eq(clinics.id, other.clinicId));
    expect(
      (await simulate({ patientId: patient.id, channel: 'sms', text: 'hi' }, other.owner.cookie)).statusCode,
    ).toBe(404);
    expect(await logsOf(clinic.clinicId)).toHaveLength(2);
  });

  it('is refused for a clinic that is not in sandbox mode', async () => {
    const clinic = await buildClinic(t);
    const patient = await buildPatient(t, clinic.clinicId, { phone: uniquePhone() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations/simulate-reply',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { patientId: patient.id, channel: 'sms', text: 'hello' },
    });
    expect(res.statusCode).toBe(403);
    expect(await logsOf(clinic.clinicId)).toHaveLength(0);
  });
});
