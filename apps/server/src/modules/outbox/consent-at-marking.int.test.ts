import { instantAtLocal, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema';
import { appWithProviderFakesAroundFile } from '../../testing/app-with-provider-fakes';
import type { ChannelSandboxes } from '../../testing/channel-sandboxes';
import type { OpenAiSandbox } from '../../testing/openai-sandbox';
import { addOutboxPatient, outboxRow, queueMessage, smsReadyClinic } from '../../testing/outbox-fixtures';
import type { TestApp } from '../../testing/test-app';
import { outboxReasons } from './outbox-reasons';
import { sendDueMessages } from './send-sweep.service';

// Consent is read when the send starts and again in the statement that marks the message in flight:
// a STOP (or a withdrawn marketing consent) that lands while the AI is writing the text stops that
// very message. The AI's answer is held until the patient's change has committed.

let t: TestApp;
let sandboxes: ChannelSandboxes;
let ai: OpenAiSandbox;
appWithProviderFakesAroundFile((fakes) => ({ t, sandboxes, ai } = fakes));
beforeEach(() => {
  ai.state.replies.length = 0;
  ai.state.faults.length = 0;
});

const day = localDayOf(Date.now(), 'UTC') + 10;
const noon = new Date(instantAtLocal(day, 12 * 60, 'UTC'));

/** Sends the due messages with the AI's answer held until `change` has run (after the AI was asked). */
async function sendWhileWriting(clinicId: string, change: () => Promise<unknown>) {
  let release = () => {};
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  ai.state.faults.push({ kind: 'held', until });
  const asked = ai.state.requests.length;
  const sending = sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => noon });
  try {
    await expect.poll(() => ai.state.requests.length, { timeout: 10_000 }).toBe(asked + 1);
    await change();
  } finally {
    release();
  }
  return sending;
}

const setPatient = (clinicId: string, id: string, values: Partial<typeof patients.$inferInsert>) =>
  t.db
    .update(patients)
    .set(values)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)));

describe('consent withdrawn while the text is being written', () => {
  it('a STOP recorded meanwhile: the follow-up fails as opted out and nothing reaches the provider', async () => {
    const { clinicId } = await smsReadyClinic(t);
    const patient = await addOutboxPatient(t, clinicId);
    const id = await queueMessage(t, clinicId, patient.id, { scheduledAt: noon });

    const outcome = await sendWhileWriting(clinicId, () =>
      setPatient(clinicId, patient.id, { smsOptedOutAt: new Date(), smsOptOutSource: 'patient_reply' }),
    );

    expect(outcome).toMatchObject({ sent: 0, failed: 1 });
    expect(await outboxRow(t, clinicId, id)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.opted_out,
      providerMessageId: null,
    });
    expect(sandboxes.twilio.messages.filter((m) => m.to === patient.phone)).toEqual([]);
  });

  it('marketing consent withdrawn meanwhile: the offer fails for want of consent', async () => {
    const { clinicId } = await smsReadyClinic(t);
    const patient = await addOutboxPatient(t, clinicId, 'Elif Kaya');
    await setPatient(clinicId, patient.id, {
      marketingConsent: 'granted',
      marketingConsentAt: new Date(),
      marketingConsentSource: 'keyword',
    });
    const id = await queueMessage(t, clinicId, patient.id, {
      scheduledAt: noon,
      kind: 'crosssell',
      scheduleDay: 30,
    });

    const outcome = await sendWhileWriting(clinicId, () =>
      setPatient(clinicId, patient.id, { marketingConsent: 'withdrawn', marketingConsentAt: new Date() }),
    );

    expect(outcome).toMatchObject({ sent: 0, failed: 1 });
    expect(await outboxRow(t, clinicId, id)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.no_marketing_consent,
    });
    expect(sandboxes.twilio.messages.filter((m) => m.to === patient.phone)).toEqual([]);
  });

  it('nothing changed meanwhile: the follow-up is sent', async () => {
    const { clinicId } = await smsReadyClinic(t);
    const patient = await addOutboxPatient(t, clinicId, 'Pablo Ortega');
    const id = await queueMessage(t, clinicId, patient.id, { scheduledAt: noon });

    const outcome = await sendWhileWriting(clinicId, async () => {});

    expect(outcome).toMatchObject({ sent: 1 });
    expect((await outboxRow(t, clinicId, id)).deliveryStatus).toMatch(/sent|delivered/);
    expect(sandboxes.twilio.messages.filter((m) => m.to === patient.phone)).toHaveLength(1);
  });
});
