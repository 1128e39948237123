import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  // A deployment of its own: the URLs must come from PUBLIC_URL, not from the request.
  t = await createTestApp({ env: { PUBLIC_URL: 'https://care.example.org/', TRUSTED_ORIGINS: testOrigin } });
});
afterAll(async () => {
  await t?.close();
});

const url = '/api/automation/webhooks';
const get = (cookie: string) => t.app.inject({ method: 'GET', url, headers: jsonHeaders({ cookie }) });

async function saveSecret(cookie: string, name: string, value: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers: jsonHeaders({ cookie }),
    payload: { name, value },
  });
  expect(res.statusCode).toBe(201);
}

describe('GET /api/automation/webhooks', () => {
  it('answers 401 without a session and 403 for staff', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await get(staff.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it("gives the caller's clinic's webhook URLs under this deployment's public URL", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const other = await buildClinic(t);
    const res = await get(owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.urls).toEqual({
      whatsapp: `https://care.example.org/api/webhooks/whatsapp/${clinicId}`,
      twilioInbound: `https://care.example.org/api/webhooks/twilio/${clinicId}/inbound`,
      twilioStatus: `https://care.example.org/api/webhooks/twilio/${clinicId}/status`,
      vonageInbound: `https://care.example.org/api/webhooks/vonage/${clinicId}/inbound`,
      vonageDeliveryReceipt: `https://care.example.org/api/webhooks/vonage/${clinicId}/delivery-receipt`,
    });
    expect(JSON.stringify(body)).not.toContain(other.clinicId);
    expect(body.sandboxMode).toBe(false);
    expect(body.aiModelConfigured).toBe(false);
    expect(body.whatsappVerifyToken).toEqual({
      secretName: `WHATSAPP_VERIFY_TOKEN_${clinicId}`,
      isSaved: false,
      sandboxToken: null,
    });
  });

  it('says whether the verify token is saved and never answers its value', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const other = await buildClinic(t);
    await saveSecret(owner.cookie, `WHATSAPP_VERIFY_TOKEN_${clinicId}`, 'a-very-private-verify-token');
    const res = await get(owner.cookie);
    expect(res.json().whatsappVerifyToken).toEqual({
      secretName: `WHATSAPP_VERIFY_TOKEN_${clinicId}`,
      isSaved: true,
      sandboxToken: null,
    });
    expect(res.body).not.toContain('a-very-private-verify-token');
    // Another clinic's saved token says nothing about this one.
    expect((await get(other.owner.cookie)).json().whatsappVerifyToken.isSaved).toBe(false);
  });

  it('shows a sandbox clinic its own sandbox token (random, not the demo value) until it saves its own', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.update(clinics).set({ sandboxMode: 'on' }).where(eq(clinics.id, clinicId));
    const before = (await get(owner.cookie)).json();
    expect(before.sandboxMode).toBe(true);
    expect(before.aiModelConfigured).toBe(true);
    expect(before.whatsappVerifyToken.sandboxToken).toMatch(/^[0-9a-f]{64}$/);
    expect(before.whatsappVerifyToken.sandboxToken).not.toBe(whatsAppSandboxDemo.verifyToken);
    expect((await get(owner.cookie)).json().whatsappVerifyToken.sandboxToken).toBe(
      before.whatsappVerifyToken.sandboxToken,
    );

    await saveSecret(owner.cookie, `WHATSAPP_VERIFY_TOKEN_${clinicId}`, 'own-sandbox-clinic-token');
    const after = await get(owner.cookie);
    expect(after.json().whatsappVerifyToken).toMatchObject({ isSaved: true, sandboxToken: null });
    expect(after.body).not.toContain('own-sandbox-clinic-token');
  });
});
