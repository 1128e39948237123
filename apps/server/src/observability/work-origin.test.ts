import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentWorkOrigin, registerRequestOrigin, runWithWorkOrigin } from './work-origin';

// What a handler starts knows its request: the origin survives the body arriving in pieces over a
// real socket and the awaits of the handler.

const app = Fastify({ genReqId: (raw) => String(raw.headers['x-request-id']) });
registerRequestOrigin(app);
app.post('/work', async (request) => {
  await new Promise((resolve) => setImmediate(resolve));
  return { origin: currentWorkOrigin()?.reqId ?? null, size: JSON.stringify(request.body).length };
});
app.get('/work', async () => {
  await new Promise((resolve) => setImmediate(resolve));
  return { origin: currentWorkOrigin()?.reqId ?? null };
});
let url = '';
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/work`;
});
afterAll(() => app.close());

describe('work origin', () => {
  it.each(['req_a', 'req_b'])('a request handler sees its own request id (%s)', async (id) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': id },
      body: JSON.stringify({ filler: 'x'.repeat(200_000) }),
    });
    expect(await response.json()).toEqual({ origin: id, size: 200_013 });
  });

  it('a request without a body keeps the scope its arrival opened', async () => {
    const response = await fetch(url, { headers: { 'x-request-id': 'req_get' } });
    expect(await response.json()).toEqual({ origin: 'req_get' });
  });

  it('ends with the request: a request made in-process leaves no origin behind', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/work',
      headers: { 'x-request-id': 'req_inject' },
      payload: { a: 1 },
    });
    expect(response.json()).toEqual({ origin: 'req_inject', size: 7 });
    expect(currentWorkOrigin()).toBeUndefined();
  });

  it('runs work with the origin given, and none outside it', async () => {
    expect(await runWithWorkOrigin({ reqId: 'job_1' }, async () => currentWorkOrigin())).toEqual({
      reqId: 'job_1',
    });
    expect(currentWorkOrigin()).toBeUndefined();
  });
});
