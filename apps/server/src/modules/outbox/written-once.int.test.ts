import { instantAtLocal, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientCommunications, webhookLogs } from '../../db/schema';
import { newId } from '../../lib/ids';
import { appWithProviderFakesAroundFile } from '../../testing/app-with-provider-fakes';
import { jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, channelSandboxCredentials } from '../../testing/channel-sandboxes';
import type { OpenAiSandbox } from '../../testing/openai-sandbox';
import { addOutboxPatient, outboxRow, queueMessage, smsReadyClinic } from '../../testing/outbox-fixtures';
import type { TestApp } from '../../testing/test-app';
import { sendDueMessages } from './send-sweep.service';

// A message's text is written once (the AI asked once) and stored on its row before the first
// provider call; every later try sends those same words.

let t: TestApp;
let sandboxes: ChannelSandboxes;
let ai: OpenAiSandbox;
appWithProviderFakesAroundFile((fakes) => ({ t, sandboxes, ai } = fakes));
beforeEach(() => {
  ai.state.replies.length = 0;
  sandboxes.twilio.faults.length = 0;
});

const minute = 60_000;
const day = localDayOf(Date.now(), 'UTC') + 10;
const noon = new Date(instantAtLocal(day, 12 * 60, 'UTC'));

describe('the text of a message', () => {
  it('a provider that fails then succeeds: the AI is asked once and the retry sends the stored text', async () => {
    const { clinicId } = await smsReadyClinic(t);
    const patient = await addOutboxPatient(t, clinicId);
    const id = await queueMessage(t, clinicId, patient.id, { scheduledAt: noon });
    const aiText = 'Hi Ana, this is Sunrise Dental. We hope all is well after your Dental Implant.';
    // Were the AI asked again, it would answer differently.
    ai.state.replies.push(
      aiText,
      'Hello Ana! A different text from Sunrise Dental about your Dental Implant.',
    );
    const asked = ai.state.requests.length;

    // The first try and the client's 2 retries answer 503: queued again for later.
    for (let i = 0; i < 3; i++) sandboxes.twilio.faults.push({ kind: 'status', status: 503 });
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => noon })).toMatchObject({
      requeued: 1,
    });
    const waiting = await outboxRow(t, clinicId, id);
    expect(waiting).toMatchObject({ deliveryStatus: 'queued', writtenText: aiText, writtenSource: 'ai' });
    expect(ai.state.requests.length - asked).toBe(1);

    const later = new Date(noon.getTime() + 2 * minute);
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => later })).toMatchObject({
      sent: 1,
    });
    expect(ai.state.requests.length - asked).toBe(1);
    const sent = sandboxes.twilio.messages.filter((m) => m.to === patient.phone);
    expect(sent.map((m) => m.body)).toEqual([aiText]);
    expect(await outboxRow(t, clinicId, id)).toMatchObject({
      deliveryStatus: 'sent',
      messageContent: aiText,
      writtenText: aiText,
      attempts: 2,
    });
  });

  it('a WhatsApp text refused by the provider goes by SMS in the same words, the AI asked once', async () => {
    const clinic = await smsReadyClinic(t);
    const { clinicId } = clinic;
    const headers = jsonHeaders({ cookie: clinic.owner.cookie });
    const wa = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/whatsapp',
      headers,
      payload: {
        accessToken: channelSandboxCredentials.whatsapp.accessToken,
        phoneNumberId: channelSandboxCredentials.whatsapp.phoneNumberId,
      },
    });
    expect(wa.statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/automation/settings',
      headers,
      payload: { whatsappEnabled: true, smsEnabled: true, defaultChannel: 'whatsapp' },
    });
    expect(saved.statusCode).toBe(200);
    const patient = await addOutboxPatient(t, clinicId);
    // The patient wrote on WhatsApp an hour ago: free text may go (the 24-hour window is open).
    await t.db.insert(webhookLogs).values({
      clinicId,
      id: newId('whl'),
      webhookType: 'inbound_message',
      provider: 'whatsapp',
      patientId: patient.id,
      patientPhone: patient.phone,
      messageContent: 'Thanks!',
      receivedAt: new Date(noon.getTime() - 60 * minute),
    });
    sandboxes.whatsapp.undeliverable.add(patient.phone.replace('+', ''));
    const id = newId('msg');
    await t.db.insert(patientCommunications).values({
      clinicId,
      id,
      patientId: patient.id,
      channel: 'whatsapp',
      fallbackChannel: 'sms',
      kind: 'followup',
      scheduleDay: 3,
      messageContent: '',
      deliveryStatus: 'queued',
      dedupeKey: `${patient.id}:followup:3`,
      scheduledAt: noon,
      language: 'en',
    });
    const aiText = 'Hi Ana, this is Sunrise Dental. We hope all is well after your Dental Implant.';
    ai.state.replies.push(aiText, 'Hello Ana! Another text from Sunrise Dental.');
    const asked = ai.state.requests.length;

    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => noon })).toMatchObject({
      sent: 1,
    });
    expect(ai.state.requests.length - asked).toBe(1);
    expect(sandboxes.twilio.messages.filter((m) => m.to === patient.phone).map((m) => m.body)).toEqual([
      aiText,
    ]);
    expect(await outboxRow(t, clinicId, id)).toMatchObject({ channel: 'sms', messageContent: aiText });
  });

  it('a message moved by the daily cap spends no AI call before its day, then goes', async () => {
    const { clinicId } = await smsReadyClinic(t);
    const patient = await addOutboxPatient(t, clinicId);
    const first = await queueMessage(t, clinicId, patient.id, { scheduledAt: noon, scheduleDay: 3 });
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => noon })).toMatchObject({
      sent: 1,
    });
    expect((await outboxRow(t, clinicId, first)).deliveryStatus).toBe('sent');
    const second = await queueMessage(t, clinicId, patient.id, { scheduledAt: noon, scheduleDay: 7 });
    const asked = ai.state.requests.length;
    expect(
      await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => new Date(noon.getTime() + minute) }),
    ).toMatchObject({ deferred: 1 });
    // Moved before the text was written: no AI call spent on it yet.
    expect(ai.state.requests.length).toBe(asked);
    const nextDay = new Date(instantAtLocal(day + 1, 9 * 60, 'UTC'));
    expect((await outboxRow(t, clinicId, second)).scheduledAt).toEqual(nextDay);
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => nextDay })).toMatchObject({
      sent: 1,
    });
  });
});
