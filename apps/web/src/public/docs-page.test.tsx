import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en/product.json';
import { publicUrlMetaName } from '../lib/public-origin';
import { json, stubFetch } from '../test/fetch-stub';
import { renderPage } from '../test/render';
import { webhookEventDocs } from './components/webhook-events';
import { DocsPage } from './docs-page';

// The server writes its PUBLIC_URL into this meta of every page it serves.
const deployment = 'https://clinics.careloop.test';
function servedFrom(origin: string) {
  const meta = document.createElement('meta');
  meta.name = publicUrlMetaName;
  meta.content = `${origin}/`;
  document.head.append(meta);
}
afterEach(() => {
  for (const meta of document.head.querySelectorAll(`meta[name="${publicUrlMetaName}"]`)) meta.remove();
});

const code = (label: string) => screen.getByLabelText(label).textContent ?? '';

describe('/docs', () => {
  it("quick start: the token, a patient with its treatment date and the list, at this deployment's address", async () => {
    stubFetch(() => json({}));
    servedFrom(deployment);
    renderPage(<DocsPage />, { path: '/docs' });
    await screen.findByRole('heading', { level: 2, name: 'Quick start' });

    expect(code('Get an access token with curl')).toContain(`curl -X POST ${deployment}/api/v1/oauth/token`);
    expect(code('Get an access token with curl')).toContain('-u "YOUR_CLIENT_ID:YOUR_CLIENT_SECRET"');
    expect(code('Create a patient with curl')).toContain('"procedure_date": "2026-03-02"');
    expect(code('List patients with curl')).toContain(`${deployment}/api/v1/patients?search=`);
    expect(code('Install the SDK')).toBe('npm install @careloop/sdk');
    expect(code('Node.js: create a patient and list it')).toContain(`baseUrl: '${deployment}'`);
    expect(document.body.textContent).not.toContain('api.careloop.example');
  });

  it('webhooks: every event of the document with its fields and example, and a Node check of the signature', async () => {
    stubFetch(() => json({}));
    servedFrom(deployment);
    const user = userEvent.setup();
    renderPage(<DocsPage />, { path: '/docs' });
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));

    expect(code('Node.js: verify a delivery')).toContain("import { Webhook } from 'standardwebhooks'");
    expect(webhookEventDocs.map((event) => event.type)).toHaveLength(9);
    for (const event of webhookEventDocs) {
      expect(JSON.parse(code(`Example ${event.type} body`))).toMatchObject({ type: event.type });
      const described = en.docs.webhooks.events as Record<string, string>;
      expect(described[event.type.replace('.', '_')], event.type).toBeTruthy();
    }
    const matched = screen.getByRole('heading', { level: 4, name: 'patient.matched' }).parentElement!;
    expect(within(matched).getByText('data.confidence *')).toBeTruthy();
  });

  it('SDKs: the Node.js package, and no sample of an SDK that does not exist', async () => {
    stubFetch(() => json({}));
    const user = userEvent.setup();
    renderPage(<DocsPage />, { path: '/docs' });
    await user.click(await screen.findByRole('tab', { name: 'SDKs' }));
    expect(screen.getByText(/npm package @careloop\/sdk/)).toBeTruthy();
    expect(screen.queryByLabelText('Python')).toBeNull();
    expect(document.body.textContent).not.toContain('from careloop import');
  });
});
