import { randomBytes } from 'node:crypto';
import { instantAtLocal, localDayOf } from '@careloop/domain/messaging/clinic-time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, patientCommunications, patients } from '../../db/schema';
import { computeTwilioSignature } from '../../integrations/twilio/twilio.webhook';
import { jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { addOutboxPatient, outboxRow, queueMessage, smsReadyClinic } from '../../testing/outbox-fixtures';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';
import { planClinicFollowUpsAt } from '../automation/followup-planner';
import { inboundWebhookUrls } from '../inbound/webhook-urls';
import { outboxReasons } from './outbox.service';
import { sendDueMessages } from './send-sweep.service';

// A patient who wrote "severe pain and bleeding" gets no "we hope you are recovering well" while the
// clinical case that reply opened is open: the planner plans nothing automated, the sender skips
// what was queued (failed with the reason), the patient page says so; resolving the case resumes.

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

const zone = 'Europe/Madrid';
const day = localDayOf(Date.now(), zone) + 10;
const at = (d: number, hours: number) => new Date(instantAtLocal(d, hours * 60, zone));

/** The patient's SMS reply, as Twilio posts it to the clinic's signed inbound webhook. */
async function replyBySms(clinicId: string, from: string, body: string) {
  const url = inboundWebhookUrls(testOrigin, clinicId).twilioInbound;
  const form = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    AccountSid: channelSandboxCredentials.twilio.accountSid,
    From: from,
    To: '+15005550006',
    Body: body,
    NumMedia: '0',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': computeTwilioSignature(url, form, channelSandboxCredentials.twilio.authToken),
    },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('automated messages pause during an open clinical case', () => {
  it('planner and sender hold off, the patient page says why, and resolving the case resumes them', async () => {
    const clinic = await smsReadyClinic(t, zone);
    const { clinicId } = clinic;
    const headers = jsonHeaders({ cookie: clinic.owner.cookie });
    const patient = await addOutboxPatient(t, clinicId, 'Laura Gómez');
    // Treated on `day`: the day-3 follow-up is due on day + 3, the day-7 one on day + 7.
    await t.db
      .update(patients)
      .set({ procedureDate: at(day, 12) })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patient.id)));
    const queued = await queueMessage(t, clinicId, patient.id, {
      scheduledAt: at(day + 1, 10),
      scheduleDay: 1,
    });

    const page = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/patients/${patient.id}`, headers });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect((await page()).automatedMessagesPaused).toBeNull();

    await replyBySms(clinicId, patient.phone, 'I have severe pain and bleeding since yesterday');
    const [opened] = await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.clinicId, clinicId), eq(cases.patientId, patient.id)));
    expect(opened).toMatchObject({ source: 'alert', severity: 'high', status: 'open' });
    expect((await page()).automatedMessagesPaused).toEqual({
      reason: 'clinical_case_open',
      caseId: opened!.id,
    });

    // The sender skips the follow-up already queued, with the reason; nothing reaches the patient.
    const swept = await sendDueMessages(t.deps, { clinicIds: [clinicId], now: () => at(day + 1, 10) });
    expect(swept).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    expect(await outboxRow(t, clinicId, queued)).toMatchObject({
      deliveryStatus: 'failed',
      providerError: outboxReasons.clinical_case_open,
    });
    expect(sandboxes.twilio.messages.filter((m) => m.to === patient.phone)).toHaveLength(0);
    // The planner plans nothing for day 3.
    expect(await planClinicFollowUpsAt(t.deps, clinicId, at(day + 3, 10))).toMatchObject({ planned: 0 });

    // Staff start and resolve the case: the page clears, and the next schedule day is planned.
    for (const action of ['start', 'resolve']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/cases/${opened!.id}`,
        headers,
        payload: { action },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await page()).automatedMessagesPaused).toBeNull();
    expect(await planClinicFollowUpsAt(t.deps, clinicId, at(day + 7, 10))).toMatchObject({ planned: 1 });
    const planned = await t.db
      .select()
      .from(patientCommunications)
      .where(
        and(
          eq(patientCommunications.clinicId, clinicId),
          eq(patientCommunications.patientId, patient.id),
          eq(patientCommunications.scheduleDay, 7),
        ),
      );
    expect(planned).toHaveLength(1);
  });

  it('a complaint does not pause them: only a clinical red flag does', async () => {
    const clinic = await smsReadyClinic(t, zone);
    const patient = await addOutboxPatient(t, clinic.clinicId, 'Pedro Sanz');
    await replyBySms(clinic.clinicId, patient.phone, 'The reception staff were rude and I am unhappy');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${patient.id}`,
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    });
    expect(res.json().automatedMessagesPaused).toBeNull();
    const opened = await t.db.select().from(cases).where(eq(cases.clinicId, clinic.clinicId));
    expect(opened).toHaveLength(1);
  });
});
