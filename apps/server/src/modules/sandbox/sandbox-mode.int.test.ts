import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications, secrets, userActions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildPatient } from '../../testing/build-patient';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';

// "Try it first": a clinic tries the product on the provider fakes. Two copies of the channel providers: `real` stands for the
// providers' own APIs (TWILIO_API_URL...), `fakes` for this server's sandbox mounts (SANDBOX_URL).
// What a clinic in sandbox mode does must reach the fakes only.
let t: TestApp;
let noSandbox: TestApp;
let real: ChannelSandboxes;
let fakes: ChannelSandboxes;
beforeAll(async () => {
  real = await startChannelSandboxes();
  fakes = await startChannelSandboxes();
  const sandboxUrl = fakes.env.TWILIO_API_URL.replace(/\/twilio$/, '');
  t = await createTestApp({ env: { ...real.env, SANDBOX_URL: sandboxUrl, SANDBOX_MODE: 'true' } });
  noSandbox = await createTestApp({ env: { ...real.env, SANDBOX_MODE: 'false' } });
});
afterAll(async () => {
  await t?.close();
  await noSandbox?.close();
  await real?.close();
  await fakes?.close();
});

const switchMode = (app: TestApp, cookie: string | undefined, payload: unknown) =>
  app.app.inject({
    method: 'PUT',
    url: '/api/settings/sandbox-mode',
    headers: jsonHeaders(cookie ? { cookie } : {}),
    payload: JSON.stringify(payload),
  });
const state = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/settings/sandbox-mode', headers: { cookie } });
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
const saveTwilio = (cookie: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/sms',
    headers: jsonHeaders({ cookie }),
    payload: { provider: 'twilio', ...channelSandboxCredentials.twilio },
  });
const testSms = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/settings/sms/test',
    headers: jsonHeaders({ cookie }),
    payload: {},
  });
const auditOf = async (clinicId: string) =>
  t.db
    .select({ context: userActions.context, userId: userActions.userId })
    .from(userActions)
    .where(and(eq(userActions.clinicId, clinicId), eq(userActions.action, 'sandbox_mode_changed')))
    // In the order they happened: without it PostgreSQL may answer in any order (it did, once).
    .orderBy(asc(userActions.createdAt));

describe('PUT /api/settings/sandbox-mode', () => {
  it('is for the owner only: 401 signed out, 403 to admins and staff, nothing changed', async () => {
    const clinic = await buildClinic(t);
    const admin = await buildMember(t, clinic.clinicId, 'admin');
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    expect((await switchMode(t, undefined, { enabled: true })).statusCode).toBe(401);
    expect((await switchMode(t, admin.cookie, { enabled: true })).statusCode).toBe(403);
    expect((await switchMode(t, staff.cookie, { enabled: true })).statusCode).toBe(403);
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
    // Every member may see the state.
    expect((await state(staff.cookie)).json()).toEqual({ available: true, sandboxMode: false });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const clinic = await buildClinic(t);
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    for (const payload of [{}, { enabled: 'yes' }, { enabled: 1 }, { enabled: true, clinicId: 'x' }, null]) {
      const res = await switchMode(t, clinic.owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });

  it('a new clinic tries the product on the fakes, never the real providers, and switches back cleanly', async () => {
    const clinic = await buildClinic(t);
    const other = await buildClinic(t);
    const { cookie } = clinic.owner;
    // A real credential saved before the trial stays afterwards.
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders({ cookie }),
      payload: { name: `OPENAI_NOTE_${clinic.clinicId}`, value: 'kept' },
    });
    expect(kept.statusCode, kept.body).toBeLessThan(300);
    expect((await saveTwilio(other.owner.cookie)).statusCode).toBe(200);

    const on = await switchMode(t, cookie, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      available: true,
      sandboxMode: true,
      changed: true,
      removedCredentials: 0,
      cancelledMessages: 0,
    });
    expect((await me(cookie)).clinic.sandboxMode).toBe(true);
    const [row] = await t.db.select().from(clinics).where(eq(clinics.id, clinic.clinicId));
    // Like the demo clinic: the real-time schedules run it, through the fakes.
    expect(row).toMatchObject({ sandboxMode: 'on', sandboxClock: false });
    expect(row!.sandboxStartedAt).toBeInstanceOf(Date);

    // Saved and tested in sandbox mode: the request reaches the fake, not the real Twilio.
    const realBefore = real.twilio.requests.length;
    const fakeBefore = fakes.twilio.requests.length;
    expect((await saveTwilio(cookie)).statusCode).toBe(200);
    const tested = await testSms(cookie);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(fakes.twilio.requests.length).toBeGreaterThan(fakeBefore);
    expect(real.twilio.requests.length).toBe(realBefore);

    // Switching on again changes nothing and logs nothing new.
    expect((await switchMode(t, cookie, { enabled: true })).json()).toMatchObject({ changed: false });
    expect(await auditOf(clinic.clinicId)).toEqual([
      { userId: clinic.owner.userId, context: { sandboxMode: 'on' } },
    ]);

    // A message the trial queued.
    const patient = await buildPatient(t, clinic.clinicId);
    const messageId = newId('com');
    await t.db.insert(patientCommunications).values({
      clinicId: clinic.clinicId,
      id: messageId,
      patientId: patient.id,
      channel: 'sms',
      messageContent: 'Hello from the trial',
      deliveryStatus: 'queued',
    });

    const off = await switchMode(t, cookie, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      available: true,
      sandboxMode: false,
      changed: true,
      removedCredentials: 2,
      cancelledMessages: 1,
    });
    expect((await me(cookie)).clinic.sandboxMode).toBe(false);
    const names = (
      await t.db.select({ name: secrets.name }).from(secrets).where(eq(secrets.clinicId, clinic.clinicId))
    ).map((s) => s.name);
    expect(names).toEqual([`OPENAI_NOTE_${clinic.clinicId}`]);
    const [message] = await t.db
      .select()
      .from(patientCommunications)
      .where(
        and(eq(patientCommunications.clinicId, clinic.clinicId), eq(patientCommunications.id, messageId)),
      );
    expect(message).toMatchObject({
      deliveryStatus: 'failed',
      providerError: 'Not sent: sandbox mode ended',
    });
    expect(await auditOf(clinic.clinicId)).toEqual([
      { userId: clinic.owner.userId, context: { sandboxMode: 'on' } },
      {
        userId: clinic.owner.userId,
        context: {
          sandboxMode: 'off',
          removedSecrets: [`TWILIO_ACCOUNT_SID_${clinic.clinicId}`, `TWILIO_AUTH_TOKEN_${clinic.clinicId}`],
          cancelledMessages: 1,
        },
      },
    ]);

    // Back on the real providers with nothing of the trial left to send: the test finds no credentials.
    const afterTrial = await testSms(cookie);
    expect(afterTrial.statusCode).toBeGreaterThanOrEqual(400);
    expect(real.twilio.requests.length).toBe(realBefore);

    // The other clinic: untouched.
    const [otherRow] = await t.db.select().from(clinics).where(eq(clinics.id, other.clinicId));
    expect(otherRow).toMatchObject({ sandboxMode: 'off' });
    expect(
      await t.db.select({ name: secrets.name }).from(secrets).where(eq(secrets.clinicId, other.clinicId)),
    ).toHaveLength(2);
    expect((await switchMode(t, cookie, { enabled: false })).json()).toMatchObject({ changed: false });
    expect(await auditOf(clinic.clinicId)).toHaveLength(2);
  });

  it('answers 409 on a server without the fakes, changing nothing', async () => {
    const clinic = await buildClinic(noSandbox);
    const before = await clinicSnapshot(noSandbox.db, clinic.clinicId);
    const res = await switchMode(noSandbox, clinic.owner.cookie, { enabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Sandbox mode is not available on this server');
    expect(changedTables(before, await clinicSnapshot(noSandbox.db, clinic.clinicId))).toEqual([]);
    const seen = await noSandbox.app.inject({
      method: 'GET',
      url: '/api/settings/sandbox-mode',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(seen.json()).toEqual({ available: false, sandboxMode: false });
  });
});
