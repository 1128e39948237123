import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { BrandingPanel } from './branding-panel';

beforeAll(async () => {
  await i18n.loadNamespaces(['branding', 'plans']);
});

describe('BrandingPanel', () => {
  it("shows a Starter clinic the spec's locked-feature text", async () => {
    stubFetch(() =>
      json(
        {
          error: { code: 'PLAN_REQUIRED', message: 'This feature requires Professional or Enterprise plan' },
        },
        403,
      ),
    );
    renderPage(<BrandingPanel />, { path: '/settings' });
    expect(await screen.findByText('This feature requires Professional or Enterprise plan')).toBeTruthy();
  });

  it('does not send a logo over 300 kB, and sends a PNG as its own bytes', async () => {
    const network = stubFetch((request) =>
      request.method === 'PUT'
        ? json({
            message: 'Logo saved',
            branding: {
              brandColor: null,
              logo: { type: 'image/png', bytes: 8, updatedAt: '2026-11-28T10:00:00Z' },
            },
          })
        : json({ brandColor: null, logo: null }),
    );
    const { container } = renderPage(<BrandingPanel />, { path: '/settings' });
    await screen.findByRole('button', { name: 'Upload a logo' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    const user = userEvent.setup();
    await user.upload(input, new File([new Uint8Array(300 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo can be at most 300 kB')).toBeTruthy();
    expect(network.to('/api/settings/branding/logo')).toHaveLength(0);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(input, png);
    await waitFor(() => expect(network.to('/api/settings/branding/logo')).toHaveLength(1));
    expect(network.to('/api/settings/branding/logo')[0]?.body).toBeInstanceOf(Blob);
    expect(await screen.findByRole('img', { name: "Your clinic's logo" })).toBeTruthy();
  });

  it('refuses a colour too light for white text before sending', async () => {
    const network = stubFetch(() => json({ brandColor: null, logo: null }));
    renderPage(<BrandingPanel />, { path: '/settings' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Colour/ }), '#ffff00');
    await user.click(screen.getByRole('button', { name: 'Save the colour' }));
    expect(
      await screen.findByText(
        'This colour is too light: white text on it would be hard to read. Choose a darker one',
      ),
    ).toBeTruthy();
    expect(network.to('/api/settings/branding/color')).toHaveLength(0);
  });
});
