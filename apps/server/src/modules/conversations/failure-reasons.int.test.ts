import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema';
import { appWithProviderFakesAroundFile } from '../../testing/app-with-provider-fakes';
import { buildMember, jsonHeaders } from '../../testing/build-user';
import { type ChannelSandboxes, channelSandboxCredentials } from '../../testing/channel-sandboxes';
import type { OpenAiSandbox } from '../../testing/openai-sandbox';
import {
  addOutboxPatient,
  middayZone,
  outboxRow,
  queueMessage,
  smsReadyClinic,
} from '../../testing/outbox-fixtures';
import type { TestApp } from '../../testing/test-app';
import { sendDueMessages } from '../outbox/send-sweep.service';

// Why a message failed, as Sent Messages says it: the provider's refusal (Twilio's own English) is
// kept for operators and the webhook, and each reader of the clinic reads it in their language.

let t: TestApp;
let sandboxes: ChannelSandboxes;
let ai: OpenAiSandbox;
appWithProviderFakesAroundFile((fakes) => ({ t, sandboxes, ai } = fakes));

const sentList = async (cookie: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/conversations/sent',
    headers: { cookie, origin: jsonHeaders().origin },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe("a failed message's reason in the reader's language", () => {
  it("a Madrid clinic: Twilio's 21610 and 21211 read Spanish to the owner and Turkish to a receptionist; Twilio's words stay out", async () => {
    const clinic = await smsReadyClinic(t, middayZone());
    const { clinicId } = clinic;
    await t.db.update(clinics).set({ defaultLanguage: 'es' }).where(eq(clinics.id, clinicId));
    const optedOut = await addOutboxPatient(t, clinicId, 'Ana Ruiz');
    const wrongNumber = await addOutboxPatient(t, clinicId, 'Luis Gil');
    const due = new Date(Date.now() - 60_000);
    // One send at a time, so each meets its own refusal: Twilio's 21610 (the patient texted STOP),
    // then a 400 with 21211 (a number Twilio cannot send to).
    sandboxes.twilio.optOuts.add(`${channelSandboxCredentials.twilio.fromNumber}|${optedOut.phone}`);
    ai.state.replies.push('Hi Ana, this is Sunrise Dental. How are you after your Dental Implant?');
    const first = await queueMessage(t, clinicId, optedOut.id, { scheduledAt: due });
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId] })).toMatchObject({ sent: 0, failed: 1 });
    sandboxes.twilio.faults.push({ kind: 'status', status: 400, code: 21211 });
    ai.state.replies.push('Hi Luis, this is Sunrise Dental. How are you after your Dental Implant?');
    const second = await queueMessage(t, clinicId, wrongNumber.id, { scheduledAt: due });
    expect(await sendDueMessages(t.deps, { clinicIds: [clinicId] })).toMatchObject({ sent: 0, failed: 1 });
    // The stored reasons are the provider's own (for operators and message.failed).
    expect((await outboxRow(t, clinicId, first)).providerError).toMatch(/^twilio 21610: /);
    expect((await outboxRow(t, clinicId, second)).providerError).toMatch(/^twilio 21211: /);

    const reasons = async (cookie: string) => {
      const res = await sentList(cookie);
      expect(res.body).not.toMatch(/Attempt to send|Internal Server Error|twilio \d/);
      return new Set(res.json().messages.map((m: { failureReason: string | null }) => m.failureReason));
    };
    expect(await reasons(clinic.owner.cookie)).toEqual(
      new Set([
        'El destinatario se ha dado de baja de los mensajes a través de Twilio.',
        'Twilio no puede entregar mensajes a este número.',
      ]),
    );
    const receptionist = await buildMember(t, clinicId, 'staff');
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie: receptionist.cookie }),
      payload: { language: 'tr' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await reasons(receptionist.cookie)).toEqual(
      new Set(['Alıcı Twilio üzerinden gelen mesajlardan çıktı.', 'Twilio bu numaraya mesaj iletemiyor.']),
    );
  });
});
