import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, jsonHeaders, uniqueEmail } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// A reset request for a real account that waited for its mail to be sent (~3x longer over SMTP)
// would tell by the answer's time who has an account. The mail server here accepts the connection and
// never speaks: a request that waits for it would hang until the test times out.
describe('password reset requests answer alike whether or not the account exists', () => {
  let t: TestApp;
  const connections: net.Socket[] = [];
  const silentSmtp = net.createServer((socket) => void connections.push(socket));

  beforeAll(async () => {
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    const { port } = silentSmtp.address() as net.AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });

  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    silentSmtp.close();
    await t?.deps.mailer.idle();
    await t?.close();
  });

  const askReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: jsonHeaders(),
      payload: { email, redirectTo: '/reset-password' },
    });

  it('answers a real account without waiting for the mail server, with the same bytes as an unknown address', async () => {
    const user = await buildUser(t);
    const known = await askReset(user.email);
    const unknown = await askReset(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // The mail to the real account is on its way: the mail server got its connection.
    await expect.poll(() => connections.length).toBe(1);
  });
});
