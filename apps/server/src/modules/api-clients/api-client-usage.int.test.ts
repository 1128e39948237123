import { apiRateLimitPerHour } from '@careloop/domain/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallLog, clinics } from '../../db/schema';
import { newId } from '../../lib/ids';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildClinic, buildMember } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Settings > API: each client's calls this hour (its hourly budget's window) and today (since the
// clinic's midnight), for the signed-in clinic's clients only.

const hourMs = 3_600_000;
let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const usageOf = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/settings/api-clients/usage', headers: { cookie } });

const listPatients = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });

const madridTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('GET /api/settings/api-clients/usage', () => {
  it("counts each client's calls in its hourly window and since the clinic's midnight, for this clinic only", async () => {
    clock = Date.now();
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    await t.db.update(clinics).set({ timeZone: 'Europe/Madrid' }).where(eq(clinics.id, clinicId));
    const busy = await buildApiClient(t, owner, { name: 'Practice system' });
    const idle = await buildApiClient(t, owner, { name: 'Reporting' });
    const other = await buildClinic(t, { tier: 'professional' });
    const foreign = await buildApiClient(t, other.owner);

    const token = await buildAccessToken(t, busy);
    for (let i = 0; i < 3; i++) expect((await listPatients(token)).statusCode).toBe(200);
    const foreignToken = await buildAccessToken(t, foreign);
    expect((await listPatients(foreignToken)).statusCode).toBe(200);

    const first = await usageOf(owner.cookie);
    expect(first.statusCode).toBe(200);
    const usage = first.json();
    expect(madridTime(usage.dayStartsAt)).toBe('00:00:00');
    const dayStart = Date.parse(usage.dayStartsAt);
    expect(dayStart).toBeLessThanOrEqual(clock);
    expect(clock - dayStart).toBeLessThan(24 * hourMs);
    expect(usage.hourlyLimit).toBe(apiRateLimitPerHour('professional'));
    // Newest first, as the list; the other clinic's client is not there.
    expect(usage.items).toEqual([
      { id: idle.id, callsThisHour: 0, hourResetsAt: null, callsToday: 0 },
      {
        id: busy.id,
        callsThisHour: 3,
        hourResetsAt: new Date(clock + hourMs).toISOString(),
        // The token request and three calls.
        callsToday: 4,
      },
    ]);

    // Calls from before the clinic's midnight are not today's; one at midnight is.
    await t.db.insert(apiCallLog).values(
      [dayStart - 1000, dayStart].map((at) => ({
        id: newId('apl'),
        clinicId,
        apiClientId: busy.id,
        method: 'GET',
        route: '/api/v1/patients',
        statusCode: 200,
        durationMs: 3,
        createdAt: new Date(at),
      })),
    );
    const withMidnight = (await usageOf(owner.cookie)).json();
    expect(withMidnight.items[1]).toMatchObject({ id: busy.id, callsToday: 5 });

    // The hour's window closes: nothing counts in it until the next call opens another.
    // (In steps the signed-in session stays active through: it signs out after 30 idle minutes.)
    for (const step of [20, 20, 20]) {
      clock += step * 60_000;
      expect((await usageOf(owner.cookie)).statusCode).toBe(200);
    }
    clock += 1000;
    const nextHourAnswer = await usageOf(owner.cookie);
    expect(nextHourAnswer.statusCode, nextHourAnswer.body).toBe(200);
    const nextHour = nextHourAnswer.json();
    expect(nextHour.items[1]).toMatchObject({ id: busy.id, callsThisHour: 0, hourResetsAt: null });
    expect((await listPatients(await buildAccessToken(t, busy))).statusCode).toBe(200);
    expect((await usageOf(owner.cookie)).json().items[1]).toMatchObject({
      callsThisHour: 1,
      hourResetsAt: new Date(clock + hourMs).toISOString(),
    });
  });

  it('is for managers: an admin reads it, staff get 403, nobody signed in 401', async () => {
    clock = Date.now();
    const { clinicId } = await buildClinic(t, { tier: 'professional' });
    const admin = await buildMember(t, clinicId, 'admin');
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await usageOf(admin.cookie)).statusCode).toBe(200);
    expect((await usageOf(staff.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/api-clients/usage' })).statusCode).toBe(
      401,
    );
  });
});
