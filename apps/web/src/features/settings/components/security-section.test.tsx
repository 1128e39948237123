import type { ClinicSettings } from '@careloop/contracts/settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { SecuritySection } from './security-section';

const notConfigured = { state: 'not_configured', checkedAt: null, detail: null } as const;

// The clinic's automatic sign-out (HIPAA automatic logoff): chosen in Settings > Clinic, sent as whole
// minutes to PUT /api/settings/security.

beforeAll(async () => {
  await i18n.loadNamespaces(['settings']);
});

const settings = (idleTimeoutMinutes: number): ClinicSettings => ({
  clinic: {
    id: 'cln_1',
    name: 'Smile Clinic',
    email: 'hello@smile.example',
    phone: '+14155552671',
    category: 'dental',
    brandTone: 'professional',
    subscriptionTier: 'starter',
    planTier: 'starter',
    sandboxMode: false,
    defaultLanguage: 'en',
    timeZone: 'UTC',
    country: null,
  },
  security: { idleTimeoutMinutes },
  trustpilot: { configured: false, connection: notConfigured },
  whatsapp: {
    enabled: false,
    phoneNumberId: null,
    hasAccessToken: false,
    hasAppSecret: false,
    templateName: 'careloop_follow_up',
    templateLanguage: null,
    connection: notConfigured,
  },
  sms: {
    enabled: false,
    provider: 'twilio',
    fromNumber: null,
    hasAccountSid: false,
    hasAuthToken: false,
    connection: notConfigured,
  },
  aiReviewResponse: { available: false, enabled: false, threshold: 3, delayHours: 2 },
  templateLimit: 3,
});

function renderSection(saved: number) {
  const network = stubFetch((request) =>
    request.method === 'PUT'
      ? json(settings((request.body as { idleTimeoutMinutes: number }).idleTimeoutMinutes))
      : json(null),
  );
  renderPage(<SecuritySection settings={settings(saved)} />, { path: '/settings' });
  return network;
}

/** The select's input (the listbox carries the same label). */
const field = async () =>
  (await screen.findAllByLabelText('Sign out after')).find((element) => element.tagName === 'INPUT')!;

describe('SecuritySection', () => {
  it('shows the saved idle time and saves a new choice as whole minutes', async () => {
    const network = renderSection(30);
    const user = userEvent.setup();
    expect(((await field()) as HTMLInputElement).value).toBe('30 minutes');
    await user.click(await field());
    await user.click(await screen.findByRole('option', { name: '60 minutes', hidden: true }));
    await waitFor(() => expect(network.to('/api/settings/security')).toHaveLength(1));
    expect(network.to('/api/settings/security')[0]!.body).toEqual({ idleTimeoutMinutes: 60 });
  });

  it('offers only times within 5 to 720 minutes, plus a saved one outside the list', async () => {
    renderSection(45);
    const user = userEvent.setup();
    await user.click(await field());
    const offered = (await screen.findAllByRole('option', { hidden: true })).map(
      (option) => option.textContent,
    );
    expect(offered).toEqual([
      '5 minutes',
      '10 minutes',
      '15 minutes',
      '30 minutes',
      '45 minutes',
      '60 minutes',
      '120 minutes',
      '240 minutes',
      '480 minutes',
      '720 minutes',
    ]);
  });

  it('choosing the saved time again sends nothing', async () => {
    const network = renderSection(30);
    const user = userEvent.setup();
    await user.click(await field());
    await user.click(await screen.findByRole('option', { name: '30 minutes', hidden: true }));
    expect(network.to('/api/settings/security')).toHaveLength(0);
  });
});
