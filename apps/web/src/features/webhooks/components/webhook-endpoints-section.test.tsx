import type {
  WebhookDeliveryLogResponse,
  WebhookEndpoint,
  WebhookEndpointListResponse,
} from '@careloop/contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { WebhookEndpointsSection } from './webhook-endpoints-section';

beforeAll(async () => {
  await i18n.loadNamespaces(['settings', 'plans']);
});

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'whe_1',
  url: 'https://pms.example.com/hooks',
  description: 'Practice system',
  events: ['review.created', 'patient.matched'],
  status: 'active',
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  previousSecretExpiresAt: null,
  ...overrides,
});

const log: WebhookDeliveryLogResponse = {
  deliveries: [
    {
      id: 'whd_1',
      messageId: 'msg_abc',
      eventType: 'review.created',
      status: 'failed',
      attempts: 8,
      nextAttemptAt: null,
      createdAt: '2026-11-25T10:00:00.000Z',
    },
  ],
  attempts: [
    {
      id: 'wha_1',
      deliveryId: 'whd_1',
      messageId: 'msg_abc',
      eventType: 'review.created',
      attemptedAt: '2026-11-25T10:00:00.000Z',
      statusCode: 500,
      durationMs: 42,
      error: 'HTTP 500',
      isSuccess: false,
      trigger: 'scheduled',
    },
  ],
};

function renderSection(
  data: WebhookEndpointListResponse,
  options: { refuseUrl?: boolean; testStatus?: number } = {},
) {
  const network = stubFetch((request) => {
    if (request.path.endsWith('/replay'))
      return json({
        ...log.attempts[0],
        id: 'wha_2',
        statusCode: 200,
        error: null,
        isSuccess: true,
        trigger: 'replay',
      });
    if (request.path.endsWith('/deliveries')) return json(log);
    if (request.path.endsWith('/test'))
      return json({
        ...log.attempts[0],
        id: 'wha_3',
        statusCode: options.testStatus ?? 204,
        error: null,
        isSuccess: (options.testStatus ?? 204) < 300,
        trigger: 'test',
      });
    if (request.path.endsWith('/rotate-secret'))
      return json({
        ...endpoint({ previousSecretExpiresAt: '2026-11-27T10:00:00.000Z' }),
        secret: 'whsec_rotated_once',
      });
    if (request.method === 'POST') {
      if (options.refuseUrl)
        return json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'The request is not valid',
              details: [
                { field: 'url', message: 'The URL points to a private, loopback or link-local address' },
              ],
            },
          },
          400,
        );
      const body = request.body as { url: string; events: WebhookEndpoint['events'] };
      return json(
        { ...endpoint({ id: 'whe_2', ...body, description: null }), secret: 'whsec_shown_once' },
        201,
      );
    }
    if (request.method === 'PATCH') return json(endpoint({ status: 'disabled', disabledReason: 'manual' }));
    if (request.method === 'DELETE') return json(endpoint());
    return json(data);
  });
  renderPage(<WebhookEndpointsSection data={data} />, { path: '/settings' });
  return network;
}

describe('WebhookEndpointsSection', () => {
  it('lists endpoints with their events and state', async () => {
    renderSection({
      items: [
        endpoint(),
        endpoint({
          id: 'whe_3',
          url: 'https://old.example.com/hooks',
          status: 'disabled',
          disabledReason: 'failing',
          disabledAt: '2026-11-25T10:00:00.000Z',
        }),
      ],
      isAvailable: true,
    });
    const row = await screen.findByRole('listitem', { name: 'https://pms.example.com/hooks' });
    expect(within(row).getByText('review.created')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'https://old.example.com/hooks' });
    expect(within(old).getByText('Turned off after failing')).toBeTruthy();
    expect(within(old).getByRole('button', { name: 'Turn on' })).toBeTruthy();
  });

  it('checks the form, adds the endpoint and shows its signing secret once', async () => {
    const network = renderSection({ items: [], isAvailable: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Enter the endpoint URL')).toBeTruthy();
    expect(screen.getByText('Choose at least one event')).toBeTruthy();
    expect(network.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Endpoint URL/ }), 'https://pms.example.com/in');
    await user.click(screen.getByRole('checkbox', { name: /^case\.created/ }));
    await user.click(screen.getByRole('checkbox', { name: /^review\.created/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    const [posted] = network.to('/api/settings/webhook-endpoints').filter((r) => r.method === 'POST');
    expect(posted!.body).toEqual({
      url: 'https://pms.example.com/in',
      events: ['review.created', 'case.created'],
    });
    expect((within(dialog).getByRole('textbox', { name: /^Signing secret/ }) as HTMLInputElement).value).toBe(
      'whsec_shown_once',
    );
    await user.click(within(dialog).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByDisplayValue('whsec_shown_once')).toBeNull());
  });

  it("shows the server's refusal of a private address under the URL field", async () => {
    renderSection({ items: [], isAvailable: true }, { refuseUrl: true });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Endpoint URL/ }), 'http://10.0.0.5/hook');
    await user.click(screen.getByRole('checkbox', { name: /^review\.created/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText('This URL points to a private, loopback or link-local address'),
    ).toBeTruthy();
  });

  it('opens the delivery log and sends a delivery again', async () => {
    const network = renderSection({ items: [endpoint()], isAvailable: true });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Delivery log of https://pms.example.com/hooks' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delivery log' });
    expect(await within(dialog).findByText('8 attempts', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('500')).toBeTruthy();
    expect(within(dialog).getByText('42 ms')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send msg_abc again' }));
    await waitFor(() =>
      expect(
        network.to('/api/settings/webhook-endpoints/whe_1/deliveries/whd_1/replay').map((r) => r.method),
      ).toEqual(['POST']),
    );
  });

  it('turns an endpoint off and deletes one after confirmation', async () => {
    const network = renderSection({ items: [endpoint()], isAvailable: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(network.to('/api/settings/webhook-endpoints/whe_1').map((r) => r.method)).toEqual(['PATCH']),
    );
    await user.click(screen.getByRole('button', { name: 'Delete https://pms.example.com/hooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook endpoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() =>
      expect(network.to('/api/settings/webhook-endpoints/whe_1').map((r) => r.method)).toEqual([
        'PATCH',
        'DELETE',
      ]),
    );
  });

  it('sends a test event and says how the endpoint answered', async () => {
    const network = renderSection({ items: [endpoint()], isAvailable: true }, { testStatus: 500 });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Send test event to https://pms.example.com/hooks' }),
    );
    expect(await screen.findByText('The endpoint did not accept the test event')).toBeTruthy();
    expect(screen.getByText('review.created: 500')).toBeTruthy();
    expect(network.to('/api/settings/webhook-endpoints/whe_1/test').map((r) => r.method)).toEqual(['POST']);
  });

  it('rotates the signing secret after confirmation: the new one shown once, with until when both sign', async () => {
    const network = renderSection({ items: [endpoint()], isAvailable: true });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Rotate secret of https://pms.example.com/hooks',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(network.to('/api/settings/webhook-endpoints/whe_1/rotate-secret')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByDisplayValue('whsec_rotated_once')).toBeTruthy();
    expect(within(shown).getByText(/Until Nov 27, 2026/)).toBeTruthy();
  });

  it('offers no form below Professional', async () => {
    renderSection({ items: [], isAvailable: false });
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });
});
