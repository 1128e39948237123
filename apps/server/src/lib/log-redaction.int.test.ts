import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../db/schema';
import { jsonHeaders } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { redactUrl } from './log-redaction';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const unique = () => randomBytes(8).toString('hex');

describe('what the server log keeps', () => {
  it("a request's line names its method, path and status, never its cookie, Authorization or Set-Cookie", async () => {
    const cookie = `better-auth.session_token=${unique()}`;
    const bearer = `Bearer ${unique()}`;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders({ cookie, authorization: bearer }),
      payload: { email: `${unique()}@example.com`, password: unique() },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/patients',
      headers: { cookie, authorization: bearer },
    });
    expect(read.statusCode).toBe(401);
    const lines = t.logLines.filter((line) => line.includes('"request completed"'));
    expect(
      lines.some((line) => line.includes('"url":"/api/patients"') && line.includes('"statusCode":401')),
    ).toBe(true);
    expect(lines.some((line) => line.includes('/api/auth/sign-in/email'))).toBe(true);
    const written = t.logLines.join('\n');
    expect(written).not.toContain(cookie.split('=')[1]);
    expect(written).not.toContain(bearer.slice(7));
    for (const setCookie of [signIn.headers['set-cookie']].flat()) {
      if (setCookie) expect(written).not.toContain(setCookie.split(';')[0]!.split('=')[1]);
    }
  });

  it('a failed statement is logged with its SQL and code, without its parameters', async () => {
    const phi = {
      name: `Zelda Quorn ${unique()}`,
      email: `zelda-${unique()}@example.com`,
      phone: `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
      comment: `Allergic to penicillin ${unique()}`,
    };
    const failure = await t.db
      .insert(patients)
      .values({ clinicId: `cln_missing_${unique()}`, id: `P-${unique()}`, ...phi, status: 'active' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    const before = t.logLines.length;
    t.app.log.error({ err: failure }, 'request failed');
    const written = t.logLines.slice(before).join('\n');
    expect(written).toContain('insert into \\"patients\\"');
    for (const value of Object.values(phi)) expect(written).not.toContain(value);
  });

  it.each([
    [
      'e-mail verification',
      (token: string) => `/api/auth/verify-email?token=${token}&callbackURL=%2Fdashboard`,
    ],
    [
      'password reset link',
      (token: string) => `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    ],
    ['password reset page', (token: string) => `/reset-password?token=${token}`],
    ['invitation preview', (token: string) => `/api/invitations/${token}`],
    ['invitation sign-up page', (token: string) => `/signup?invitation=${token}`],
    [
      'WhatsApp handshake',
      (token: string) => `/api/webhooks/whatsapp/cln_x?hub.mode=subscribe&hub.verify_token=${token}`,
    ],
  ])('a request to the %s is logged without its token', async (_what, urlFor) => {
    const token = `tok${unique()}${unique()}`;
    const before = t.logLines.length;
    await t.app.inject({ method: 'GET', url: urlFor(token) });
    const written = t.logLines.slice(before).join('\n');
    expect(written).toContain('[redacted]');
    expect(written).not.toContain(token);
  });

  it('keeps the rest of a URL', () => {
    expect(redactUrl('/api/patients?status=red&limit=20')).toBe('/api/patients?status=red&limit=20');
    expect(redactUrl('/api/patients?search=Ana%20Ruiz&limit=20')).toBe(
      '/api/patients?search=[redacted]&limit=20',
    );
    expect(redactUrl('/signup?invitation=abc&lang=es')).toBe('/signup?invitation=[redacted]&lang=es');
  });
});
