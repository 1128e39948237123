import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstAnswersElementId } from '@careloop/contracts/first-reads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClinic, buildMember } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';

// The shell of a signed-in page carries the answers its first screen asks for next: a stand-in
// web build (the shell and its route list) on the real app.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'first-answers-'));
const shell =
  '<!doctype html><html><head><title>CareLoop</title></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webDist, 'index.html'), shell);
fs.writeFileSync(
  path.join(webDist, 'client-routes.json'),
  JSON.stringify(['/dashboard', '/patients/:id', '/login']),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const dataBlock = new RegExp(`<script type="application/json" id="${firstAnswersElementId}">(.*?)</script>`);

/** The answers a document carries, or null when it carries none. */
function answersIn(body: string): Record<string, unknown> | null {
  const match = dataBlock.exec(body);
  return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : null;
}

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const read = async (url: string, cookie: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json() as unknown;

describe('first answers in a signed-in page', () => {
  it("carries the session, the user and the dashboard's data, each as the API answers it, never cached", async () => {
    const clinic = await buildClinic(t);
    const res = await page('/dashboard', clinic.owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
    const answers = answersIn(res.body);
    expect(Object.keys(answers ?? {}).sort()).toEqual([
      '/api/analytics/patients-at-risk',
      '/api/auth/get-session',
      '/api/dashboard/summary',
      '/api/me',
      '/api/onboarding',
      '/api/usage',
    ]);
    expect(answers?.['/api/me']).toEqual(await read('/api/me', clinic.owner.cookie));
    expect(answers?.['/api/dashboard/summary']).toEqual(
      await read('/api/dashboard/summary', clinic.owner.cookie),
    );
    expect(answers?.['/api/analytics/patients-at-risk']).toEqual(
      await read('/api/analytics/patients-at-risk', clinic.owner.cookie),
    );
    expect(answers?.['/api/auth/get-session']).toMatchObject({ user: { id: clinic.owner.userId } });
    // The rest of the shell is the build's, the data block at the end of its head.
    expect(res.body.replace(dataBlock, '')).toBe(shell);
  });

  it("answers each visitor with their own clinic's data", async () => {
    const [a, b] = [await buildClinic(t), await buildClinic(t)];
    const answersOf = async (cookie: string) =>
      answersIn((await page('/dashboard', cookie)).body)?.['/api/me'] as { clinic: { id: string } };
    expect((await answersOf(a.owner.cookie)).clinic.id).toBe(a.clinicId);
    expect((await answersOf(b.owner.cookie)).clinic.id).toBe(b.clinicId);
  });

  it("leaves out a read the visitor's role may not make", async () => {
    const clinic = await buildClinic(t);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect(
      (await t.app.inject({ url: '/api/onboarding', headers: { cookie: staff.cookie } })).statusCode,
    ).toBe(403);
    const answers = answersIn((await page('/dashboard', staff.cookie)).body);
    expect(Object.keys(answers ?? {}).sort()).toEqual([
      '/api/analytics/patients-at-risk',
      '/api/auth/get-session',
      '/api/dashboard/summary',
      '/api/me',
      '/api/usage',
    ]);
  });

  it("asks only for the shell's reads on a page without first data of its own", async () => {
    const clinic = await buildClinic(t);
    const answers = answersIn((await page('/patients/P-1', clinic.owner.cookie)).body);
    expect(Object.keys(answers ?? {}).sort()).toEqual(['/api/auth/get-session', '/api/me', '/api/usage']);
  });

  it('says nobody is signed in for a cookie that names no session, and asks nothing more', async () => {
    const res = await page('/dashboard', 'careloop.session_token=forged.value');
    expect(answersIn(res.body)).toEqual({ '/api/auth/get-session': null });
  });

  it('sends the plain shell, cacheable, without a session cookie', async () => {
    const res = await page('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(shell);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps any text in an answer from closing the data block', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const clinic = await buildClinic(t, { practiceName: name });
    const res = await page('/dashboard', clinic.owner.cookie);
    expect(res.body).not.toContain('<script>alert(1)');
    const me = answersIn(res.body)?.['/api/me'] as { clinic: { name: string } };
    expect(me.clinic.name).toBe(name);
  });
});
