import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// A crash on a signed-out page belongs to no clinic: it must still reach the service's operators,
// in their view and in the log, or the error screen's "our team has been notified" is untrue.
const operatorEmail = `ops-${randomBytes(4).toString('hex')}@test.careloop.local`;
let t: TestApp;
let operator: SignedInUser;
let clinic: Awaited<ReturnType<typeof buildClinic>>;
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_EMAILS: operatorEmail } });
  clinic = await buildClinic(t);
  operator = await buildMember(t, clinic.clinicId, 'staff', { email: operatorEmail });
});
afterAll(async () => {
  await t?.close();
});

const report = (body: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/log-error',
    headers: jsonHeaders(cookie ? { cookie } : {}),
    payload: body,
  });
const list = (query: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/client-errors?${query}`,
    headers: cookie ? { cookie } : {},
  });
const uniqueErrorId = () => `ERR-${randomBytes(4).toString('hex').toUpperCase()}`;

describe("browsers' error reports reach the operators", () => {
  it("a signed-out page's crash is listed for operators with no clinic, and logged without its URL", async () => {
    const errorId = uniqueErrorId();
    const res = await report({
      error_type: 'render_error',
      error_message: 'Cannot read properties of undefined',
      error_id: errorId,
      url: 'http://localhost:3000/s/secret-survey-token',
    });
    expect(res.statusCode).toBe(202);

    const listed = await list(`errorId=${errorId}`, operator.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [
        {
          errorId,
          errorType: 'render_error',
          message: 'Cannot read properties of undefined',
          url: 'http://localhost:3000/s/secret-survey-token',
          clinicId: null,
          clinicName: null,
        },
      ],
    });
    expect((await list(`errorId=${errorId}&source=public`, operator.cookie)).json().total).toBe(1);
    expect((await list(`errorId=${errorId}&source=clinics`, operator.cookie)).json().total).toBe(0);

    const line = t.logLines.find((l) => l.includes(errorId));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, msg: 'client reported an error', clinicId: null });
    expect(line).not.toContain('secret-survey-token');
  });

  it("a clinic user's report names the clinic; page-not-found reports only when asked for", async () => {
    const errorId = uniqueErrorId();
    expect(
      (await report({ error_type: 'unhandled_error', error_id: errorId }, clinic.owner.cookie)).statusCode,
    ).toBe(202);
    const listed = (await list(`errorId=${errorId}&source=clinics`, operator.cookie)).json();
    expect(listed.items).toMatchObject([
      { errorId, clinicId: clinic.clinicId, clinicName: expect.any(String) },
    ]);

    const notFound = uniqueErrorId();
    await report({ error_type: 'page_not_found', error_message: '404', error_id: notFound });
    expect((await list(`errorId=${notFound}`, operator.cookie)).json().total).toBe(0);
    expect((await list(`errorId=${notFound}&includeNotFound=true`, operator.cookie)).json().total).toBe(1);
    expect(JSON.parse(t.logLines.find((l) => l.includes(notFound))!)).toMatchObject({ level: 30 });
  });

  it('answers 401 to anonymous callers and 403 to clinic users who are not operators; bad filters 400', async () => {
    expect((await list('')).statusCode).toBe(401);
    expect((await list('', clinic.owner.cookie)).statusCode).toBe(403);
    const bad = await list('source=everyone', operator.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('source');
  });
});
