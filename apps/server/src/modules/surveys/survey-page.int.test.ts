import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicBranding, clinicSurveySettings } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildSentSurvey } from '../../testing/build-survey';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

const hourMs = 3_600_000;
/** A stand-in for the web build: the route sends whatever survey.html the build wrote. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-page-'));
const builtPage = '<!doctype html><html lang="en"><body><main id="survey"></main></body></html>';
fs.writeFileSync(path.join(webDist, 'survey.html'), builtPage);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function surveyed(
  tier: 'starter' | 'professional',
  options: Parameters<typeof buildSentSurvey>[3] = {},
) {
  const clinic = await buildClinic(t, { tier, practiceName: 'Clínica Sol' });
  await t.db.insert(clinicSurveySettings).values({ clinicId: clinic.clinicId, enabled: true });
  const patient = await buildPatient(t, clinic.clinicId, { name: 'Lucía Gómez' });
  return { ...clinic, ...(await buildSentSurvey(t, clinic.clinicId, patient.id, options)) };
}

const page = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/s/${token}`, headers });

describe('GET /s/:token', () => {
  it('sends the survey page for a sent, unexpired link, kept out of referrers and search engines', async () => {
    const s = await surveyed('professional');
    const res = await page(s.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toBe(builtPage.replace('lang="en"', 'lang="es"'));
  });

  it.each([
    ['tr', 'tr'],
    ['en', 'en'],
    ['de', 'en'],
  ])("is in the patient's language (%s) from its first byte: <html lang=%s>", async (language, lang) => {
    const s = await surveyed('professional', { language });
    const res = await page(s.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(builtPage.replace('lang="en"', `lang="${lang}"`));
  });

  it.each([
    ['es-ES,es;q=0.9,en;q=0.5', 'es', 'Este enlace de encuesta no es válido o ha caducado'],
    ['tr', 'tr', 'Bu anket bağlantısı geçersiz veya süresi dolmuş'],
    ['de-DE,en;q=0.3,tr;q=0.7', 'tr', 'Bu anket bağlantısı geçersiz veya süresi dolmuş'],
    ['en-GB', 'en', 'This survey link is not valid or has expired'],
  ])(
    "an unknown link is a real 404 page in the reader's language (%s)",
    async (acceptLanguage, lang, heading) => {
      const res = await page('A'.repeat(43), { 'accept-language': acceptLanguage });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain(`<h1>${heading}</h1>`);
      expect(res.body.match(/<section/g)).toHaveLength(1);
      expect(res.body).not.toContain('<script');
    },
  );

  it('speaks en, es and tr when the reader names none of them (or nothing)', async () => {
    for (const headers of [{ 'accept-language': 'de-DE,fr;q=0.8' }, {}] as Record<string, string>[]) {
      const res = await page('unknown-link-that-is-long-enough-to-look-real', headers);
      expect(res.statusCode).toBe(404);
      for (const [lang, words] of [
        ['en', 'This survey link is not valid or has expired'],
        ['es', 'Este enlace de encuesta no es válido o ha caducado'],
        ['tr', 'Bu anket bağlantısı geçersiz veya süresi dolmuş'],
      ] as const) {
        expect(res.body).toContain(`<section lang="${lang}">`);
        expect(res.body).toContain(words);
      }
    }
  });

  it('an expired, unsent or malformed link is the same 404, naming no clinic', async () => {
    const expired = await surveyed('professional', { sentAt: new Date(Date.now() - 31 * 24 * hourMs) });
    const unsent = await surveyed('professional', { sentAt: null });
    for (const token of [expired.token, unsent.token, 'short', '%3Cscript%3E']) {
      const res = await page(token);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Clínica Sol');
    }
  });
});

describe("the clinic's branding on its survey page", () => {
  it('a Professional clinic shows its colour and logo; the logo is served with its checked type and nosniff', async () => {
    const s = await surveyed('professional');
    await t.db.insert(clinicBranding).values({
      clinicId: s.clinicId,
      brandColor: '#1d4ed8',
      logo: png,
      logoType: 'image/png',
      logoBytes: png.length,
      logoUpdatedAt: new Date('2026-11-01T10:00:00Z'),
    });
    const survey = await t.app.inject({
      method: 'GET',
      url: `/api/surveys/${s.token}`,
      headers: jsonHeaders(),
    });
    expect(survey.json().branding).toEqual({
      color: '#1d4ed8',
      logoUrl: `/api/surveys/${s.token}/logo?v=${Date.parse('2026-11-01T10:00:00Z')}`,
    });
    const logo = await t.app.inject({ method: 'GET', url: survey.json().branding.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(png)).toBe(true);
  });

  it('a Starter clinic (a downgrade keeps the saved branding) shows none of it, and its logo is a 404', async () => {
    const s = await surveyed('starter');
    await t.db.insert(clinicBranding).values({
      clinicId: s.clinicId,
      brandColor: '#1d4ed8',
      logo: png,
      logoType: 'image/png',
      logoBytes: png.length,
      logoUpdatedAt: new Date(),
    });
    const survey = await t.app.inject({
      method: 'GET',
      url: `/api/surveys/${s.token}`,
      headers: jsonHeaders(),
    });
    expect(survey.json().branding).toEqual({ color: null, logoUrl: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/surveys/${s.token}/logo` })).statusCode).toBe(404);
  });

  it("an unknown link's logo is a 404", async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/surveys/${'B'.repeat(43)}/logo` })).statusCode,
    ).toBe(404);
  });
});
