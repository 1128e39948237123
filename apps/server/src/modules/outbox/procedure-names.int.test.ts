import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patientCommunications, patients } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials as creds,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { middayZone } from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendDueMessages } from './send-sweep.service';

// A Spanish or Turkish follow-up names the procedure in the patient's language ("su implante
// dental", "diş implantı sonrası"), not in the English of the procedure list; a clinic's own
// wording is kept. No AI here: the clinic's starter template writes the text.

let t: TestApp;
let sandboxes: ChannelSandboxes;
beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  t = await createTestApp({ env: sandboxes.env });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});

let phoneCounter = 0;
const uniquePhone = () =>
  `+3468${String(1_000_000 + (process.pid % 1000) * 1000 + phoneCounter++).padStart(7, '0')}`;

async function followUpTo(clinicId: string, language: 'es' | 'tr', procedure: string) {
  const id = `P-${randomBytes(6).toString('hex')}`;
  const phone = uniquePhone();
  await t.db.insert(patients).values({
    clinicId,
    id,
    name: 'Lucía Gómez',
    phone,
    procedure,
    language,
    procedureDate: new Date(Date.now() - 3 * 86_400_000),
  });
  await t.db.insert(patientCommunications).values({
    clinicId,
    id: newId('msg'),
    patientId: id,
    channel: 'sms',
    kind: 'followup',
    scheduleDay: 3,
    messageContent: '',
    deliveryStatus: 'queued',
    dedupeKey: `${id}:followup:3`,
    scheduledAt: new Date(Date.now() - 60_000),
    language,
  });
  return phone;
}

describe('procedure names in Spanish and Turkish messages', () => {
  it('the follow-up names the procedure in the patient language', async () => {
    const clinic = await buildClinic(t, { practiceName: 'Clínica Sol' });
    // The sender keeps quiet hours in the clinic's zone: one where it is midday now.
    await t.db.update(clinics).set({ timeZone: middayZone() }).where(eq(clinics.id, clinic.clinicId));
    const sms = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/sms',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { provider: 'twilio', ...creds.twilio },
    });
    expect(sms.statusCode, sms.body).toBe(200);
    const spanish = await followUpTo(clinic.clinicId, 'es', 'Dental Implant');
    const turkish = await followUpTo(clinic.clinicId, 'tr', 'Hair Transplant');
    const own = await followUpTo(clinic.clinicId, 'es', 'Carillas de porcelana');

    expect(await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] })).toMatchObject({ sent: 3 });
    const bodyTo = (phone: string) => sandboxes.twilio.messages.find((m) => m.to === phone)?.body ?? '';
    expect(bodyTo(spanish)).toContain('recuperando bien de su implante dental.');
    expect(bodyTo(spanish)).not.toContain('Dental Implant');
    expect(bodyTo(turkish)).toContain('saç ekimi sonrası');
    expect(bodyTo(turkish)).not.toContain('Hair Transplant');
    expect(bodyTo(own)).toContain('de su Carillas de porcelana.');
  });
});
