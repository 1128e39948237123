import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientCommunications, surveyRequests, webhookLogs } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildPatient } from '../../testing/build-patient';
import { buildSentSurvey } from '../../testing/build-survey';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, origin: jsonHeaders().origin } });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

type SentOverrides = Partial<typeof patientCommunications.$inferInsert>;
async function buildSent(clinicId: string, patientId: string, overrides: SentOverrides = {}) {
  const [row] = await t.db
    .insert(patientCommunications)
    .values({
      clinicId,
      id: newId('msg'),
      patientId,
      channel: 'sms',
      kind: 'followup',
      messageContent: 'Hi, how are you feeling after your treatment?',
      deliveryStatus: 'sent',
      sentAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

type ReceivedOverrides = Partial<typeof webhookLogs.$inferInsert>;
async function buildReceived(clinicId: string, overrides: ReceivedOverrides = {}) {
  const [row] = await t.db
    .insert(webhookLogs)
    .values({
      clinicId,
      id: newId('whl'),
      webhookType: 'inbound_message',
      provider: 'twilio',
      patientPhone: '+34611000001',
      messageContent: 'Thanks!',
      ...overrides,
    })
    .returning();
  return row!;
}

const ids = (body: { messages: { id: string }[] }) => body.messages.map((m) => m.id);

describe('GET /api/conversations/sent', () => {
  it('lists survey sends with their answer (score and comment), unanswered ones without, and the e-mail channel', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const ana = await buildPatient(t, clinicId, { name: 'Ana Ruiz', email: 'ana@patients.example' });
    const luis = await buildPatient(t, clinicId, { name: 'Luis Gil', phone: '+34611222444' });
    // A survey message and its survey request share one id, as the survey planner writes them.
    const answered = await buildSentSurvey(t, clinicId, ana.id, { score: 4, answeredAt: minutesAgo(5) });
    await t.db.update(surveyRequests).set({ comment: 'Long wait' }).where(eq(surveyRequests.id, answered.id));
    await buildSent(clinicId, ana.id, {
      id: answered.id,
      kind: 'survey',
      channel: 'email',
      messageContent: 'Hola Ana, ... https://x.example/s/…',
      sentAt: minutesAgo(10),
    });
    const waiting = await buildSentSurvey(t, clinicId, luis.id);
    await buildSent(clinicId, luis.id, { id: waiting.id, kind: 'survey', sentAt: minutesAgo(20) });
    // Another clinic's survey never shows.
    const other = await buildClinic(t);
    const stranger = await buildPatient(t, other.clinicId);
    const foreign = await buildSentSurvey(t, other.clinicId, stranger.id, {
      score: 10,
      answeredAt: new Date(),
    });
    await buildSent(other.clinicId, stranger.id, { id: foreign.id, kind: 'survey' });

    const res = await get(owner.cookie, '/api/conversations/sent');
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toMatchObject([
      {
        id: answered.id,
        kind: 'survey',
        channel: 'email',
        content: 'Hola Ana, ... https://x.example/s/…',
        surveyAnswer: { score: 4, comment: 'Long wait', answeredAt: expect.any(String) },
      },
      { id: waiting.id, kind: 'survey', channel: 'sms', surveyAnswer: null },
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations/sent' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations/received' })).statusCode).toBe(401);
  });

  it("lists the clinic's messages newest first (queued by planning time) with patient, status and response, never another clinic's", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const ana = await buildPatient(t, clinicId, { name: 'Ana Ruiz', phone: '+34611222333' });
    const old = await buildSent(clinicId, ana.id, {
      sentAt: minutesAgo(60),
      deliveryStatus: 'delivered',
      responseReceived: true,
      responseContent: 'All good, thank you',
    });
    const failed = await buildSent(clinicId, ana.id, {
      channel: 'whatsapp',
      sentAt: minutesAgo(30),
      deliveryStatus: 'failed',
      providerError: '131047: Re-engagement message',
    });
    const queued = await buildSent(clinicId, ana.id, {
      sentAt: null,
      deliveryStatus: 'queued',
      createdAt: minutesAgo(10),
    });
    const other = await buildClinic(t);
    const stranger = await buildPatient(t, other.clinicId, { name: 'Ana Ruiz' });
    await buildSent(other.clinicId, stranger.id);

    const res = await get(owner.cookie, '/api/conversations/sent');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([queued.id, failed.id, old.id]);
    expect(body.nextCursor).toBeNull();
    expect(body.messages[0]).toMatchObject({ deliveryStatus: 'queued', sentAt: null, failureReason: null });
    // Times as JavaScript writes them (UTC, milliseconds), formatted by the statement.
    expect(body.messages[0].createdAt).toBe(queued.createdAt.toISOString());
    expect(body.messages[1].sentAt).toBe(failed.sentAt?.toISOString());
    expect(body.messages[1]).toMatchObject({
      channel: 'whatsapp',
      deliveryStatus: 'failed',
      // Worded for the reader from the provider's code; its own words stay out.
      failureReason:
        'More than 24 hours have passed since the patient last wrote: only an approved template can be sent.',
    });
    expect(body.messages[2]).toMatchObject({
      patientId: ana.id,
      patientName: 'Ana Ruiz',
      patientPhone: '+34611222333',
      deliveryStatus: 'delivered',
      responseReceived: true,
      responseContent: 'All good, thank you',
    });
  });

  it('filters by channel and searches name, phone and content case-insensitively', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const ana = await buildPatient(t, clinicId, { name: 'Ana Ruiz', phone: '+34611222333' });
    const bo = await buildPatient(t, clinicId, { name: 'Bo Li', phone: '+14155550100' });
    const a = await buildSent(clinicId, ana.id, { channel: 'sms', messageContent: 'Implant check-in' });
    const b = await buildSent(clinicId, bo.id, {
      channel: 'whatsapp',
      messageContent: 'Whitening 100% done',
    });

    const list = async (query: string) =>
      ids((await get(owner.cookie, `/api/conversations/sent?${query}`)).json());
    expect(await list('channel=sms')).toEqual([a.id]);
    expect(await list('channel=whatsapp')).toEqual([b.id]);
    expect(await list('q=ANA')).toEqual([a.id]);
    expect(await list(`q=${encodeURIComponent('+1 415 555')}`)).toEqual([b.id]);
    expect(await list('q=implant')).toEqual([a.id]);
    expect(await list(`q=${encodeURIComponent('100%')}`)).toEqual([b.id]);
    expect(await list(`q=${encodeURIComponent('%')}`)).toEqual([b.id]);
    expect(await list('q=ruiz&channel=whatsapp')).toEqual([]);
    expect(await list(`patientId=${bo.id}`)).toEqual([b.id]);
  });

  it('pages 20 at a time with a cursor, through messages sent at the same moment', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const ana = await buildPatient(t, clinicId);
    const at = minutesAgo(5);
    for (let i = 0; i < 45; i++) await buildSent(clinicId, ana.id, { sentAt: at });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/conversations/sent${cursor ? `?cursor=${cursor}` : ''}`;
      const body = (await get(owner.cookie, url)).json();
      expect(body.messages.length).toBe(pages < 2 ? 20 : 5);
      seen.push(...ids(body));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
  });

  it("answers 404 for another clinic's patient and 400 for a bad query, naming the field", async () => {
    const { owner } = await buildClinic(t);
    const other = await buildClinic(t);
    const stranger = await buildPatient(t, other.clinicId);
    await buildSent(other.clinicId, stranger.id);
    for (const list of ['sent', 'received']) {
      const foreign = await get(owner.cookie, `/api/conversations/${list}?patientId=${stranger.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe('Patient not found');

      const channel = await get(owner.cookie, `/api/conversations/${list}?channel=fax`);
      expect(channel.statusCode).toBe(400);
      expect(JSON.stringify(channel.json().error.details)).toContain('channel');

      const cursor = await get(owner.cookie, `/api/conversations/${list}?cursor=not-a-cursor`);
      expect(cursor.statusCode).toBe(400);
      expect(cursor.json().error.details).toEqual([{ field: 'cursor', message: 'Invalid cursor' }]);

      const long = await get(owner.cookie, `/api/conversations/${list}?q=${'x'.repeat(201)}`);
      expect(long.statusCode).toBe(400);
    }
  });
});

describe('GET /api/conversations/received', () => {
  it("lists inbound messages newest first with the patient's name, filters by channel, searches phone and content", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const ana = await buildPatient(t, clinicId, { name: 'Ana Ruiz', phone: '+34611222333' });
    const sms = await buildReceived(clinicId, {
      provider: 'twilio',
      patientId: ana.id,
      patientPhone: ana.phone,
      messageContent: 'Terrible service',
      receivedAt: minutesAgo(20),
    });
    const vonage = await buildReceived(clinicId, {
      provider: 'vonage',
      patientPhone: '+447700900123',
      messageContent: 'Who is this?',
      receivedAt: minutesAgo(10),
    });
    const whatsapp = await buildReceived(clinicId, {
      provider: 'whatsapp',
      patientPhone: '+905321112233',
      messageContent: 'Teşekkürler',
      receivedAt: minutesAgo(5),
    });
    // Status callbacks and other clinics' messages are not conversations.
    await buildReceived(clinicId, { webhookType: 'status_callback', messageContent: null });
    await buildReceived((await buildClinic(t)).clinicId, { messageContent: 'Terrible service' });

    const list = async (query = '') =>
      (await get(owner.cookie, `/api/conversations/received${query}`)).json();
    const all = await list();
    expect(ids(all)).toEqual([whatsapp.id, vonage.id, sms.id]);
    expect(all.messages[2]).toMatchObject({
      provider: 'twilio',
      channel: 'sms',
      patientId: ana.id,
      patientName: 'Ana Ruiz',
      patientPhone: '+34611222333',
      content: 'Terrible service',
      receivedAt: sms.receivedAt.toISOString(),
    });
    expect(all.messages[1]).toMatchObject({ channel: 'sms', patientId: null, patientName: null });
    expect(all.messages[0]).toMatchObject({ channel: 'whatsapp' });

    expect(ids(await list('?channel=sms'))).toEqual([vonage.id, sms.id]);
    expect(ids(await list('?channel=whatsapp'))).toEqual([whatsapp.id]);
    expect(ids(await list('?q=TERRIBLE'))).toEqual([sms.id]);
    expect(ids(await list(`?q=${encodeURIComponent('+44 7700')}`))).toEqual([vonage.id]);
    // Received messages are searched by phone and content only, not by the patient's name.
    expect(ids(await list('?q=ruiz'))).toEqual([]);
    expect(ids(await list(`?patientId=${ana.id}`))).toEqual([sms.id]);
  });

  it('pages 20 at a time with a cursor', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const at = minutesAgo(3);
    for (let i = 0; i < 21; i++) await buildReceived(clinicId, { receivedAt: at });
    const first = (await get(owner.cookie, '/api/conversations/received')).json();
    expect(first.messages).toHaveLength(20);
    const second = (await get(owner.cookie, `/api/conversations/received?cursor=${first.nextCursor}`)).json();
    expect(second.messages).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(21);
  });
});
