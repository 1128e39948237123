import type { CaseTitle } from '@careloop/domain/case-title';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, clinics } from '../../db/schema';
import { buildCase } from '../../testing/build-case';
import { buildPatientRow, buildReview } from '../../testing/build-review';
import { buildSentSurvey } from '../../testing/build-survey';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { migrationStatements } from '../../testing/migration-statements';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openCase } from './cases.service';

// A raised case is stored as what raised it and worded when read, in the reader's language (their
// own, else their clinic's): one Madrid clinic's list reads Spanish to its owner and Turkish to a
// receptionist who chose Turkish. Staff's own cases keep their words.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, origin: jsonHeaders().origin } });

async function chooseLanguage(cookie: string, language: 'en' | 'es' | 'tr') {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/account/preferences',
    headers: jsonHeaders({ cookie }),
    payload: { language },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function madridClinic() {
  const clinic = await buildClinic(t);
  await t.db.update(clinics).set({ defaultLanguage: 'es' }).where(eq(clinics.id, clinic.clinicId));
  return clinic;
}

const raised: [CaseTitle, { es: string; tr: string; en: string }][] = [
  [
    { kind: 'review', rating: 2, reviewerName: 'Ana R.', reviewTitle: 'Mala atención' },
    {
      en: '2-star review from Ana R.: Mala atención',
      es: 'Reseña de 2 estrellas de Ana R.: Mala atención',
      tr: '2 yıldızlı yorum (Ana R.): Mala atención',
    },
  ],
  [
    { kind: 'negative_reply', patientName: 'Lucía Gómez' },
    {
      en: 'Negative reply from Lucía Gómez',
      es: 'Respuesta negativa de Lucía Gómez',
      tr: 'Lucía Gómez kişisinden olumsuz yanıt',
    },
  ],
  [
    { kind: 'clinical_reply', patientName: 'Lucía Gómez', flags: ['fever', 'bleeding'] },
    {
      en: 'Clinical red flag in a reply from Lucía Gómez: fever and bleeding',
      es: 'Señal de alarma clínica en una respuesta de Lucía Gómez: fiebre y sangrado',
      tr: 'Lucía Gómez kişisinin yanıtında klinik uyarı işareti: ateş ve kanama',
    },
  ],
  [
    { kind: 'survey_detractor', patientName: 'Lucía Gómez', score: 3 },
    {
      en: 'Survey detractor: Lucía Gómez (3/10)',
      es: 'Encuesta con valoración baja: Lucía Gómez (3/10)',
      tr: 'Anket puanı düşük: Lucía Gómez (3/10)',
    },
  ],
];

describe("case titles in the reader's language", () => {
  it('a Spanish clinic: the list, the case page and the timeline word each raised case for the reader; staff words stay', async () => {
    const { clinicId, owner } = await madridClinic();
    const patient = await buildPatientRow(t, clinicId, 'Lucía Gómez');
    const base = Date.now() - 60_000;
    const ids: string[] = [];
    for (const [index, [title]] of raised.entries()) {
      const opened = await openCase(t.deps, clinicId, {
        source: 'manual',
        sourceId: null,
        patientId: patient.id,
        title,
        description: null,
        severity: 'high',
        dueAt: null,
        createdAt: new Date(base + index * 1000),
      });
      ids.push(opened!.id);
    }
    const manual = await buildCase(t, {
      clinicId,
      title: 'Llamar por la factura',
      patientId: patient.id,
      createdAt: new Date(base + 10_000),
    });
    // Stored: the kind, its parameters and the English wording (the stable form exports read).
    const stored = await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.clinicId, clinicId), eq(cases.id, ids[1]!)));
    expect(stored[0]).toMatchObject({
      title: 'Negative reply from Lucía Gómez',
      titleKind: 'negative_reply',
      titleParams: { patientName: 'Lucía Gómez' },
    });

    const titlesOf = async (cookie: string) => {
      const res = await get(cookie, '/api/cases');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().cases.map((c: { title: string }) => c.title);
    };
    const receptionist = await buildMember(t, clinicId, 'staff');
    await chooseLanguage(receptionist.cookie, 'tr');
    for (const [cookie, language] of [
      [owner.cookie, 'es'],
      [receptionist.cookie, 'tr'],
    ] as const) {
      expect(await titlesOf(cookie)).toEqual([
        'Llamar por la factura',
        ...raised.map(([, words]) => words[language]).reverse(),
      ]);
      const page = await get(cookie, `/api/cases/${ids[2]}`);
      expect(page.json().title).toBe(raised[2]![1][language]);
      const timeline = await get(cookie, `/api/patients/${patient.id}/timeline`);
      expect(timeline.statusCode, timeline.body).toBe(200);
      const caseTitles = timeline
        .json()
        .items.filter((item: { kind: string }) => item.kind === 'case')
        .map((item: { title: string }) => item.title);
      expect(caseTitles).toContain(raised[0]![1][language]);
      expect(caseTitles).toContain('Llamar por la factura');
    }
    expect(manual.case.titleKind).toBeNull();
  });

  it("another clinic's case is still 404, whatever its title", async () => {
    const { owner } = await madridClinic();
    const other = await buildCase(t);
    expect((await get(owner.cookie, `/api/cases/${other.case.id}`)).statusCode).toBe(404);
  });
});

describe('migration 0055: cases raised before titles were stored as kinds', () => {
  // The migration's backfill statements, run again over rows written the old way.
  const backfill = migrationStatements('0055_server_i18n.sql').filter((statement) =>
    statement.startsWith('UPDATE'),
  );

  it('reads review, survey and reply cases back as kinds; manual cases and unreadable titles keep their text', async () => {
    expect(backfill).toHaveLength(4);
    const { clinicId, owner } = await madridClinic();
    const { review } = await buildReview(t, { clinicId, rating: 1, title: 'Fatal', reviewerName: 'Inés V.' });
    const patient = await buildPatientRow(t, clinicId, 'Lucía Gómez');
    const survey = await buildSentSurvey(t, clinicId, patient.id, { answeredAt: new Date(), score: 4 });
    const old = async (
      source: 'review' | 'survey' | 'alert' | 'manual',
      sourceId: string | null,
      title: string,
    ) =>
      (
        await buildCase(t, {
          clinicId,
          source,
          sourceId,
          patientId: source === 'review' ? null : patient.id,
          title,
          status: 'resolved',
        })
      ).case.id;
    const ids = {
      review: await old('review', review.id, 'Reseña de 1 estrella de Inés V.: Fatal'),
      survey: await old('survey', survey.id, 'Survey detractor: Lucía Gómez (4/10)'),
      negative: await old('alert', 'alr_1', 'Negative reply from Lucía Gómez'),
      clinical: await old(
        'alert',
        'alr_2',
        'Clinical red flag in a reply from Lucía Gómez: pain, graft loss',
      ),
      cut: await old('alert', 'alr_3', 'Clinical red flag in a reply from Lucía Gómez: pain, blee…'),
      manual: await old('manual', null, 'Llamar por la factura'),
    };
    for (const statement of backfill) await t.db.execute(sql.raw(statement));

    const rows = await t.db.select().from(cases).where(eq(cases.clinicId, clinicId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.review)).toMatchObject({
      titleKind: 'review',
      titleParams: { rating: 1, reviewerName: 'Inés V.', reviewTitle: 'Fatal' },
    });
    expect(byId.get(ids.survey)).toMatchObject({
      titleKind: 'survey_detractor',
      titleParams: { patientName: 'Lucía Gómez', score: 4 },
    });
    expect(byId.get(ids.negative)).toMatchObject({ titleKind: 'negative_reply' });
    expect(byId.get(ids.clinical)).toMatchObject({
      titleKind: 'clinical_reply',
      titleParams: { patientName: 'Lucía Gómez', flags: ['pain', 'graft_loss'] },
    });
    expect(byId.get(ids.manual)).toMatchObject({ titleKind: null, titleParams: null });

    const listed = (await get(owner.cookie, '/api/cases?status=all')).json().cases as {
      id: string;
      title: string;
    }[];
    const title = (id: string) => listed.find((c) => c.id === id)?.title;
    expect(title(ids.review)).toBe('Reseña de 1 estrella de Inés V.: Fatal');
    expect(title(ids.survey)).toBe('Encuesta con valoración baja: Lucía Gómez (4/10)');
    expect(title(ids.negative)).toBe('Respuesta negativa de Lucía Gómez');
    expect(title(ids.clinical)).toBe(
      'Señal de alarma clínica en una respuesta de Lucía Gómez: dolor y pérdida del injerto',
    );
    // A title cut mid-word no longer reads as its flags: it keeps the words it was stored with.
    expect(title(ids.cut)).toBe('Clinical red flag in a reply from Lucía Gómez: pain, blee…');
    expect(title(ids.manual)).toBe('Llamar por la factura');
  });
});
