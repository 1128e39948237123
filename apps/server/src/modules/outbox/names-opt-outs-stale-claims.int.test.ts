import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientCommunications, patients } from '../../db/schema';
import { newId } from '../../lib/ids';
import { appWithProviderFakesAroundFile } from '../../testing/app-with-provider-fakes';
import { type ChannelSandboxes, channelSandboxCredentials } from '../../testing/channel-sandboxes';
import type { OpenAiSandbox } from '../../testing/openai-sandbox';
import { middayZone, smsReadyClinic } from '../../testing/outbox-fixtures';
import type { TestApp } from '../../testing/test-app';
import { claimDueMessages } from './outbox.repository';
import { sendDueMessages } from './send-sweep.service';

// The sender against three ways a message went wrong: a patient's own name read as a health word,
// a provider's synchronous opt-out answer not recorded, and a stopped worker's claim left too long.

let t: TestApp;
let sandboxes: ChannelSandboxes;
let ai: OpenAiSandbox;
appWithProviderFakesAroundFile((fakes) => ({ t, sandboxes, ai } = fakes));
beforeEach(() => {
  ai.state.replies.length = 0;
});

// Sent on the real clock: a zone where it is now midday keeps the sends inside the window.
const smsClinic = () => smsReadyClinic(t, middayZone(), 'Clínica Sol');

let counter = 0;
async function dueFollowUp(clinicId: string, name: string) {
  const patientId = `P-${randomBytes(6).toString('hex')}`;
  const phone = `+3462${String(3_000_000 + (process.pid % 1000) * 1000 + counter++).padStart(7, '0')}`;
  await t.db.insert(patients).values({
    clinicId,
    id: patientId,
    name,
    phone,
    procedure: 'Dental Implant',
    language: 'es',
    procedureDate: new Date(Date.now() - 3 * 86_400_000),
  });
  const id = newId('msg');
  await t.db.insert(patientCommunications).values({
    clinicId,
    id,
    patientId,
    channel: 'sms',
    kind: 'followup',
    scheduleDay: 3,
    messageContent: '',
    deliveryStatus: 'queued',
    dedupeKey: `${patientId}:followup:3`,
    scheduledAt: new Date(Date.now() - 60_000),
    language: 'es',
    isMarketing: false,
  });
  return { patientId, phone, id };
}

const message = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(patientCommunications)
      .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)))
  )[0]!;

describe('a patient named Dolores', () => {
  it('gets the follow-up that greets her by first name: her name is not a health word', async () => {
    const { clinicId } = await smsClinic();
    const due = await dueFollowUp(clinicId, 'Dolores Martínez');
    ai.state.replies.push(
      'Hola Dolores, somos Clínica Sol. ¿Qué tal tras su Dental Implant? Responda si necesita algo.',
    );
    const result = await sendDueMessages(t.deps, { clinicIds: [clinicId] });
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    const sent = await message(clinicId, due.id);
    expect(sent.deliveryStatus).toBe('sent');
    expect(sent.messageContent).toContain('Dolores');
  });

  it('still holds back a real health word in the same greeting', async () => {
    const { clinicId } = await smsClinic();
    const due = await dueFollowUp(clinicId, 'Dolores Martínez');
    ai.state.replies.push('Hola Dolores, ¿siguen los dolores y la inflamación tras su Dental Implant?');
    await sendDueMessages(t.deps, { clinicIds: [clinicId] });
    const sent = await message(clinicId, due.id);
    // The AI text is refused and the clinic's template is sent instead.
    expect(sent.messageContent).not.toContain('inflamación');
  });
});

describe("Twilio's synchronous 21610", () => {
  it('records the SMS opt-out with source provider, so the patient is not sent to again', async () => {
    const { clinicId } = await smsClinic();
    const due = await dueFollowUp(clinicId, 'Ana Ruiz');
    sandboxes.twilio.optOuts.add(`${channelSandboxCredentials.twilio.fromNumber}|${due.phone}`);
    ai.state.replies.push('Hola Ana, somos Clínica Sol. ¿Qué tal tras su Dental Implant?');
    const before = Date.now();
    const result = await sendDueMessages(t.deps, { clinicIds: [clinicId] });
    expect(result).toMatchObject({ sent: 0, failed: 1 });
    expect((await message(clinicId, due.id)).providerError).toContain('21610');
    const [patient] = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, due.patientId)));
    expect(patient?.smsOptOutSource).toBe('provider');
    expect(patient?.smsOptedOutAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('stale claims', () => {
  it("are taken back within 2 minutes of a stopped worker's claim", async () => {
    const { clinicId } = await smsClinic();
    const due = await dueFollowUp(clinicId, 'Ana Ruiz');
    const claimed = await claimDueMessages(t.db, { now: new Date(), limit: 10, clinicIds: [clinicId] });
    expect(claimed.map((m) => m.id)).toEqual([due.id]);
    ai.state.replies.push('Hola Ana, somos Clínica Sol. ¿Qué tal tras su Dental Implant?');
    const later = new Date(Date.now() + 2 * 60_000 + 5_000);
    const result = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => later });
    expect(result).toMatchObject({ recovered: { requeued: 1, unknown: 0 }, sent: 1 });
    expect((await message(clinicId, due.id)).deliveryStatus).toBe('sent');
  });
});
