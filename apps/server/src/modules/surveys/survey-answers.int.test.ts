import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  caseNotes,
  cases,
  clinicSurveySettings,
  surveyRequests,
  webhookDeliveries,
} from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildSentSurvey } from '../../testing/build-survey';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  buildWebhookEndpoint,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../testing/webhook-receiver';
import { surveyAnswerAddressLimit, surveyAnswerTokenLimit } from './survey-answers.routes';

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({
    // Its sweeps deliver every clinic's due webhooks: on a database of its own, never another file's.
    ownDatabase: true,
    env: { WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${receiver.port}` },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const hourMs = 3_600_000;
const googleLink = 'https://g.page/r/CUxyz123abc/review';
const trustpilotLink = 'https://www.trustpilot.com/evaluate/clinic.example';

const answer = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/surveys/${token}/answers`,
    headers: jsonHeaders(headers),
    payload: payload as object,
  });
const read = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/surveys/${token}`, headers: jsonHeaders() });

async function surveyed(options: Parameters<typeof buildSentSurvey>[3] = {}) {
  const clinic = await buildClinic(t, { tier: 'professional', practiceName: 'Clínica Sol' });
  await t.db.insert(clinicSurveySettings).values({
    clinicId: clinic.clinicId,
    enabled: true,
    googleReviewUrl: googleLink,
    trustpilotReviewUrl: trustpilotLink,
  });
  const patient = await buildPatient(t, clinic.clinicId, { name: 'Lucía Gómez' });
  const survey = await buildSentSurvey(t, clinic.clinicId, patient.id, options);
  return { ...clinic, patient, ...survey };
}

async function storedSurvey(id: string) {
  const [row] = await t.db.select().from(surveyRequests).where(eq(surveyRequests.id, id));
  return row!;
}
const clinicCases = (clinicId: string) => t.db.select().from(cases).where(eq(cases.clinicId, clinicId));
const clinicAlerts = (clinicId: string) => t.db.select().from(alerts).where(eq(alerts.clinicId, clinicId));
const clinicCaseNotes = (clinicId: string) =>
  t.db.select().from(caseNotes).where(eq(caseNotes.clinicId, clinicId));

describe('GET /api/surveys/:token', () => {
  it("shows the clinic, the patient's language and the review links, with no answer yet", async () => {
    const s = await surveyed({ language: 'tr' });
    const res = await read(s.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      clinicName: 'Clínica Sol',
      language: 'tr',
      answer: null,
      canAnswer: true,
      reviewLinks: { google: googleLink, trustpilot: trustpilotLink },
      branding: { color: null, logoUrl: null },
    });
  });

  it('answers 404 to an unknown, malformed, unsent or expired link', async () => {
    const unsent = await surveyed({ sentAt: null });
    const expired = await surveyed({ sentAt: new Date(Date.now() - 31 * 24 * hourMs) });
    for (const token of ['A'.repeat(43), 'short', unsent.token, expired.token]) {
      expect((await read(token)).statusCode).toBe(404);
      expect((await answer(token, { score: 5 })).statusCode).toBe(404);
    }
    expect((await storedSurvey(unsent.id)).answeredAt).toBeNull();
    expect((await storedSurvey(expired.id)).answeredAt).toBeNull();
  });
});

describe('POST /api/surveys/:token/answers', () => {
  it.each([0, 4, 6, 7, 8, 9, 10])(
    'score %i is stored and the review links come back (no review gating)',
    async (score) => {
      const s = await surveyed();
      const res = await answer(s.token, { score, comment: 'Gracias' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        score,
        comment: 'Gracias',
        reviewLinks: { google: googleLink, trustpilot: trustpilotLink },
      });
      expect(await storedSurvey(s.id)).toMatchObject({ score, comment: 'Gracias' });
    },
  );

  it.each([
    [{ score: 11 }, 'Choose a score from 0 to 10'],
    [{ score: -1 }, 'Choose a score from 0 to 10'],
    [{ score: 7.5 }, 'Choose a score from 0 to 10'],
    [{ score: '7' }, 'Choose a score from 0 to 10'],
    [{}, 'Choose a score from 0 to 10'],
    [{ score: 7, comment: 'x'.repeat(10 * 1024) }, 'The comment can be at most 1000 characters'],
    [{ score: 7, comment: 'bien \u202Eolam' }, 'The comment contains characters that are not allowed'],
  ])(
    'refuses a bad answer with 400 (%#: %s), with its translation key, and stores nothing',
    async (payload, message) => {
      const s = await surveyed();
      const res = await answer(s.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.details[0].key).toMatch(/^surveys\.answer\.errors\./);
      expect(await storedSurvey(s.id)).toMatchObject({ score: null, comment: null, answeredAt: null });
      expect(await clinicCases(s.clinicId)).toEqual([]);
    },
  );

  it('refuses a NUL in the comment with 400 (the app-wide text guard) and stores nothing', async () => {
    const s = await surveyed();
    const res = await answer(s.token, { score: 7, comment: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(await storedSurvey(s.id)).toMatchObject({ score: null, comment: null, answeredAt: null });
  });

  it('the answer can be changed within 24 hours, and not after: 409 and nothing changed', async () => {
    const s = await surveyed();
    expect((await answer(s.token, { score: 8 })).statusCode).toBe(200);
    const first = await storedSurvey(s.id);
    expect((await answer(s.token, { score: 9, comment: 'Mejor' })).statusCode).toBe(200);
    expect(await storedSurvey(s.id)).toMatchObject({
      score: 9,
      comment: 'Mejor',
      answeredAt: first.answeredAt,
    });

    const late = await surveyed({ answeredAt: new Date(Date.now() - 25 * hourMs), score: 9 });
    const res = await answer(late.token, { score: 2, comment: 'cambio' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This survey was already answered and can no longer be changed');
    expect(await storedSurvey(late.id)).toMatchObject({ score: 9, comment: null });
    expect(await clinicCases(late.clinicId)).toEqual([]);
    expect((await read(late.token)).json()).toMatchObject({ canAnswer: false, answer: { score: 9 } });
  });

  it('an answer given shortly before the link expires can be changed only until it does', async () => {
    const expiresAt = new Date(Date.now() + 2 * hourMs);
    const s = await surveyed({ sentAt: new Date(expiresAt.getTime() - 30 * 24 * hourMs), expiresAt });
    const res = await answer(s.token, { score: 8 });
    expect(res.statusCode).toBe(200);
    expect(res.json().changeableUntil).toBe(expiresAt.toISOString());
    expect((await read(s.token)).json().answer.changeableUntil).toBe(expiresAt.toISOString());
  });

  it.each([
    [2, 'high'],
    [5, 'medium'],
  ])(
    'a detractor (%i) opens one %s case at once with the comment; a changed answer opens no second',
    async (score, severity) => {
      const s = await surveyed();
      await answer(s.token, { score, comment: 'Me atendieron tarde' });
      await answer(s.token, { score: 1, comment: 'Me atendieron muy tarde' });
      const opened = await clinicCases(s.clinicId);
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({
        source: 'survey',
        sourceId: s.id,
        patientId: s.patient.id,
        title: `Survey detractor: Lucía Gómez (${score}/10)`,
        severity,
        description: 'Me atendieron tarde',
        status: 'open',
      });
    },
  );

  it("a changed answer is a note on the case the first one opened: staff see the 10 and the patient's words", async () => {
    const s = await surveyed();
    await answer(s.token, { score: 0 });
    expect(await clinicCaseNotes(s.clinicId)).toEqual([]);
    await answer(s.token, { score: 10, comment: 'Perdón, me equivoqué de número' });
    await answer(s.token, { score: 10, comment: 'Perdón, me equivoqué de número' });
    const [opened] = await clinicCases(s.clinicId);
    expect(opened).toMatchObject({ source: 'survey', sourceId: s.id, status: 'open' });
    expect(
      (await clinicCaseNotes(s.clinicId)).map((note) => [note.caseId, note.authorUserId, note.body]),
    ).toEqual([[opened!.id, null, '10/10 - Perdón, me equivoqué de número']]);
  });

  it('promoters and passives open no case', async () => {
    const s = await surveyed();
    await answer(s.token, { score: 7, comment: 'Bien' });
    expect(await clinicCases(s.clinicId)).toEqual([]);
  });

  it('a clinical red flag in the comment opens the urgent clinical case, whatever the score', async () => {
    const s = await surveyed();
    await answer(s.token, { score: 9, comment: 'Todo bien pero tengo fiebre y sangrado' });
    const opened = await clinicCases(s.clinicId);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ source: 'alert', severity: 'high', patientId: s.patient.id });
    expect(opened[0]!.title).toMatch(/^Clinical red flag in a reply from Lucía Gómez: /);
  });

  it('a changed answer with the same red-flag comment raises no second alert; a new comment is heard', async () => {
    const s = await surveyed();
    const redFlag = 'Todo bien pero tengo fiebre y sangrado';
    await answer(s.token, { score: 9, comment: redFlag });
    await answer(s.token, { score: 8, comment: redFlag });
    await answer(s.token, { score: 8, comment: `  ${redFlag}  ` });
    expect(await clinicAlerts(s.clinicId)).toHaveLength(1);
    expect(await clinicCaseNotes(s.clinicId)).toEqual([]);

    await answer(s.token, { score: 8, comment: 'Sigo con fiebre y mucho sangrado' });
    expect(await clinicAlerts(s.clinicId)).toHaveLength(2);
    expect(await clinicCases(s.clinicId)).toHaveLength(1);
  });

  it('two first answers at once: one is the first, the other a change (one alert, one survey.answered changed:false)', async () => {
    const s = await surveyed();
    await buildWebhookEndpoint(t, s.owner, receiver.url('/survey-answered-twice'), ['survey.answered']);
    const redFlag = 'Tengo fiebre';
    const answers = await Promise.all([
      answer(s.token, { score: 8, comment: redFlag }),
      answer(s.token, { score: 8, comment: redFlag }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await clinicAlerts(s.clinicId)).toHaveLength(1);
    expect(await clinicCases(s.clinicId)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.clinicId, s.clinicId), eq(webhookDeliveries.eventType, 'survey.answered')),
      );
    expect(rows.map((row) => JSON.parse(row.body).data.changed).sort()).toEqual([false, true]);
  });

  it('another clinic cannot reach the survey: the token alone names it, and a wrong one is 404', async () => {
    const a = await surveyed();
    const res = await answer(`${a.token.slice(0, -2)}xx`, { score: 3 });
    expect(res.statusCode).toBe(404);
    expect(await storedSurvey(a.id)).toMatchObject({ score: null });
  });

  it("emits survey.answered to the clinic's webhook endpoints (no comment in it)", async () => {
    const s = await surveyed();
    await buildWebhookEndpoint(t, s.owner, receiver.url('/survey-answered'), ['survey.answered']);
    await answer(s.token, { score: 6, comment: 'privado' });
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.clinicId, s.clinicId), eq(webhookDeliveries.eventType, 'survey.answered')),
      );
    expect(rows).toHaveLength(1);
    const body = JSON.parse(rows[0]!.body);
    expect(body.data).toEqual({ survey_id: s.id, patient_id: s.patient.id, score: 6, changed: false });
    expect(rows[0]!.body).not.toContain('privado');
  });

  it("puts the answer on the patient's timeline (after a change, the latest answer at the first time)", async () => {
    const s = await surveyed();
    await answer(s.token, { score: 3, comment: 'Esperé mucho' });
    await answer(s.token, { score: 4, comment: 'Esperé bastante' });
    const { answeredAt } = await storedSurvey(s.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${s.patient.id}/timeline`,
      headers: jsonHeaders({ cookie: s.owner.cookie }),
    });
    expect(res.statusCode).toBe(200);
    const surveys = res.json().items.filter((item: { kind: string }) => item.kind === 'survey');
    expect(surveys).toEqual([
      { kind: 'survey', id: s.id, at: answeredAt!.toISOString(), score: 4, comment: 'Esperé bastante' },
    ]);
    const other = await buildClinic(t, { tier: 'professional' });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${s.patient.id}/timeline`,
      headers: jsonHeaders({ cookie: other.owner.cookie }),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('is rate-limited per link, from any address', async () => {
    const s = await surveyed();
    const codes: number[] = [];
    for (let i = 0; i <= surveyAnswerTokenLimit.max; i++)
      codes.push((await answer(s.token, { score: 99 })).statusCode);
    expect(codes.slice(0, surveyAnswerTokenLimit.max).every((code) => code === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('is rate-limited per address, across links', async () => {
    const address = `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const codes: number[] = [];
    for (let i = 0; i <= surveyAnswerAddressLimit.max; i++) {
      codes.push(
        (await answer(`unknown${i}${'x'.repeat(30)}`, { score: 5 }, { 'x-forwarded-for': address }))
          .statusCode,
      );
    }
    expect(codes.slice(0, surveyAnswerAddressLimit.max).every((code) => code === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
