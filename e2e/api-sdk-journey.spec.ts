import http from 'node:http';
import { CareLoop } from '@careloop/sdk';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { callApi } from './support/page-api';
import { upgradeToProfessional } from './support/plans';
import { thisServer } from './support/server';

// The public API's journey as a practice system would live it: the owner creates an API client in
// Settings > API and a webhook endpoint pointing at the system's receiver (a local HTTP server here);
// the system, through @careloop/sdk, gets a token, creates a patient and lists reviews; a review
// synced from Trustpilot then arrives at the receiver as review.created, signed (Standard Webhooks).

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: http.Server;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(thisServer().webhookReceiverPort, '127.0.0.1', resolve),
  );
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('the public API with the SDK and a webhook receiver', () => {
  it('a client made in Settings drives the SDK, and a synced review reaches the receiver as review.created', async () => {
    const clinic = await signUpNewClinic(browser);
    const { page } = clinic;

    // Professional (API access, webhooks).
    await upgradeToProfessional(page);

    // An API client, its secret read from the dialog that shows it once.
    await page.goto('/settings?tab=api');
    const create = page.getByRole('region', { name: 'New API client' });
    await expect.poll(() => create.isVisible()).toBe(true);
    await create.getByRole('textbox', { name: /^Name/ }).fill('Practice system');
    for (const scope of ['patients:write', 'reviews:read']) {
      await create.getByRole('checkbox', { name: new RegExp(`^${scope}`) }).check();
    }
    await create.getByRole('button', { name: 'Create client' }).click();
    const created = page.getByRole('dialog', { name: 'Client created' });
    await expect.poll(() => created.isVisible()).toBe(true);
    const clientId = await created.getByRole('textbox', { name: 'Client ID' }).inputValue();
    const clientSecret = await created.getByRole('textbox', { name: 'Client secret' }).inputValue();
    await created.getByRole('button', { name: 'I have stored the secret' }).click();

    // A webhook endpoint at the receiver, for review.created.
    const receiverUrl = `http://127.0.0.1:${thisServer().webhookReceiverPort}/careloop`;
    const form = page.getByRole('region', { name: 'New webhook endpoint' });
    await form.getByLabel(/^Endpoint URL/).fill(receiverUrl);
    await form.getByRole('checkbox', { name: /^review\.created/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect.poll(() => secretDialog.isVisible()).toBe(true);
    const signingSecret = await secretDialog.getByRole('textbox', { name: /^Signing secret/ }).inputValue();
    await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();

    // The practice system: a token, a patient, the reviews (none yet).
    const careloop = new CareLoop({ baseUrl: baseUrl(), clientId, clientSecret });
    const patient = await careloop.patients.create({ name: 'Ana Ruiz', phone: '+34611222333' });
    expect(patient).toMatchObject({ name: 'Ana Ruiz', phone: '+34611222333', status: 'active' });
    expect((await careloop.reviews.list()).data).toEqual([]);

    // Trying it with test data (sandbox mode): a review on the clinic's own Trustpilot sandbox page,
    // connected in Settings and synced.
    const trial = await callApi(page, 'PUT', '/api/settings/sandbox-mode', { enabled: true });
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    const posted = await callApi(page, 'POST', '/api/sandbox/trustpilot/reviews', {
      stars: 2,
      reviewerName: 'Ana Ruiz',
      title: 'Long wait',
      text: 'The treatment was fine but I waited an hour.',
      language: 'en',
      createdAt: new Date().toISOString(),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const credentials = posted.body as { apiKey: string; businessUnitId: string };
    await page.goto('/settings');
    const trustpilot = page.getByRole('region', { name: 'Trustpilot' });
    await expect.poll(() => trustpilot.isVisible()).toBe(true);
    await trustpilot.getByLabel(/^API key/).fill(credentials.apiKey);
    await trustpilot.getByLabel(/^Business unit ID/).fill(credentials.businessUnitId);
    await trustpilot.getByRole('button', { name: 'Save Trustpilot' }).click();
    await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);
    await page.goto('/reviews');
    await page.getByRole('button', { name: 'Sync Reviews' }).click();
    await expect.poll(() => page.getByText('Imported 1 new review').first().isVisible()).toBe(true);

    const listed = await careloop.reviews.list({ platform: 'trustpilot' });
    expect(listed.data.map((r) => [r.rating, r.reviewer_name])).toEqual([[2, 'Ana Ruiz']]);

    // The delivery worker runs every minute (pg-boss may start a run up to half a minute late) and
    // looks for new deliveries every 2 s for 45 s of it: the event arrives within seconds, or with
    // the next run when it came between two, signed with the endpoint's secret.
    await expect.poll(() => received.length, { timeout: 150_000, interval: 1_000 }).toBeGreaterThan(0);
    const delivery = received[0]!;
    const event = new Webhook(signingSecret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { type: string; data: { review_id: string; platform: string; rating: number } };
    expect(event.type).toBe('review.created');
    expect(event.data).toMatchObject({
      review_id: listed.data[0]!.review_id,
      platform: 'trustpilot',
      rating: 2,
    });
    await clinic.context.close();
  });
});
