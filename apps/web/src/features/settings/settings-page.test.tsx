import type { MeResponse } from '@careloop/contracts';
import type { ClinicSettings } from '@careloop/contracts/settings';
import type { MessageTemplate, TemplateListResponse } from '@careloop/contracts/templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, type SeenRequest, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { SettingsPage, type SettingsPanels } from './settings-page';

const notConfigured = { state: 'not_configured', checkedAt: null, detail: null } as const;

beforeAll(async () => {
  await i18n.loadNamespaces(['settings', 'credentials', 'templates', 'plans']);
});

function buildSettings(overrides: { tier?: 'starter' | 'professional' } = {}): ClinicSettings {
  const tier = overrides.tier ?? 'starter';
  return {
    clinic: {
      id: 'cln_1',
      name: 'Smile Clinic',
      email: 'hello@smile.example',
      phone: '+14155552671',
      category: 'dental',
      brandTone: 'professional',
      subscriptionTier: tier,
      planTier: tier,
      sandboxMode: false,
      defaultLanguage: 'en',
      timeZone: 'UTC',
      country: null,
    },
    security: { idleTimeoutMinutes: 30 },
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
    aiReviewResponse: { available: tier !== 'starter', enabled: false, threshold: 3, delayHours: 2 },
    templateLimit: tier === 'starter' ? 3 : -1,
  };
}

const template = (name: string, overrides: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: `tpl_${name}`,
  name,
  body: `Hi {{patient_name}}, ${name}`,
  category: null,
  language: 'en',
  channel: 'whatsapp',
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

/** Tabs other features own, standing in by what they were given (their own tests cover them). */
const panels: SettingsPanels = {
  team: ({ me }) => <p>Team panel for {me.user.name}</p>,
  api: () => <p>API panel</p>,
  plan: ({ me }) => <p>Plan panel for {me.role}</p>,
};

const notFound = () => json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);

function stubSettingsApi(
  options: {
    role?: MeResponse['role'];
    settings?: ClinicSettings;
    templates?: TemplateListResponse;
    /** Answers the requests a test is about; undefined falls through to the defaults. */
    extra?: (request: SeenRequest) => Response | undefined;
  } = {},
) {
  const settings = options.settings ?? buildSettings();
  return stubFetch(async (request) => {
    const answered = await options.extra?.(request);
    if (answered) return answered;
    if (request.path === '/api/me')
      return json(meAnswer({ user: { name: 'Ada Owner' }, role: options.role ?? 'owner' }));
    if (request.path === '/api/settings') return json(settings);
    if (request.path === '/api/templates' && request.method === 'GET')
      return json(options.templates ?? { templates: [], limit: settings.templateLimit });
    return notFound();
  });
}

describe('SettingsPage', () => {
  it('shows staff the managers-only notice on every tab and asks for no settings', async () => {
    const network = stubSettingsApi({ role: 'staff' });
    const user = userEvent.setup();
    renderPage(<SettingsPage panels={panels} />, { path: '/settings' });
    expect(await screen.findByText('Managers only')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Team' }));
    expect(await screen.findByText('Managers only')).toBeTruthy();
    expect(screen.queryByText(/Team panel/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'API' }));
    expect(await screen.findByText('Managers only')).toBeTruthy();
    expect(screen.queryByText('API panel')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Plan & usage' }));
    expect(await screen.findByText('Plan panel for staff')).toBeTruthy();
    expect(network.to('/api/settings')).toHaveLength(0);
  });

  it('gives the tabs other features own the signed-in member', async () => {
    stubSettingsApi({ role: 'admin' });
    const user = userEvent.setup();
    renderPage(<SettingsPage panels={panels} />, { path: '/settings', url: '/settings?tab=team' });
    expect(await screen.findByText('Team panel for Ada Owner')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'API' }));
    expect(await screen.findByText('API panel')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Plan & usage' }));
    expect(await screen.findByText('Plan panel for admin')).toBeTruthy();
  });

  it('checks credentials as the user types and blocks saving while an error shows', async () => {
    const network = stubSettingsApi();
    const user = userEvent.setup();
    renderPage(<SettingsPage panels={panels} />, { path: '/settings' });
    const whatsapp = await screen.findByRole('region', { name: 'WhatsApp' });
    const tokenField = within(whatsapp).getByLabelText(/^Access token/);
    await user.type(tokenField, 'EAA12345');
    expect(await within(whatsapp).findByText('Token appears to be too short')).toBeTruthy();
    const saveWhatsApp = within(whatsapp).getByRole('button', { name: 'Save WhatsApp' });
    expect(saveWhatsApp.hasAttribute('disabled')).toBe(true);
    await user.clear(tokenField);
    await user.type(tokenField, 'EBB');
    expect(await within(whatsapp).findByText("WhatsApp Access Token must start with 'EAA'")).toBeTruthy();

    const sms = screen.getByRole('region', { name: 'SMS' });
    // Long values are pasted: typing re-renders the page per keystroke, ~30 s under a loaded CPU.
    await user.click(within(sms).getByLabelText(/^Account SID/));
    await user.paste(`AC${'1'.repeat(31)}`);
    expect(await within(sms).findByText('SID must be exactly 34 characters')).toBeTruthy();
    expect(within(sms).getByRole('button', { name: 'Save SMS' }).hasAttribute('disabled')).toBe(true);
    expect(network.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('re-checks the credentials when the SMS provider changes, as its rules differ', async () => {
    stubSettingsApi();
    const user = userEvent.setup();
    renderPage(<SettingsPage panels={panels} />, { path: '/settings' });
    const sms = await screen.findByRole('region', { name: 'SMS' });
    await user.click(within(sms).getByLabelText(/^Account SID/));
    await user.paste(`AC${'1'.repeat(31)}`);
    expect(await within(sms).findByText('SID must be exactly 34 characters')).toBeTruthy();
    // Vonage's API key has its own format: only "required" applies, so the Twilio error goes.
    await user.click(within(sms).getByLabelText(/^Provider/));
    await user.click(await screen.findByRole('option', { name: 'Vonage', hidden: true }));
    expect(await within(sms).findByLabelText(/^API key/)).toBeTruthy();
    await waitFor(() => expect(within(sms).queryByText('SID must be exactly 34 characters')).toBeNull());
  });

  it('saves WhatsApp with valid values and shows the success toast', async () => {
    const accessToken = `EAA${'t'.repeat(97)}`;
    const network = stubSettingsApi({
      extra: (request) =>
        request.path === '/api/settings/whatsapp'
          ? json({
              ...buildSettings(),
              whatsapp: {
                enabled: true,
                phoneNumberId: '1065',
                hasAccessToken: true,
                hasAppSecret: false,
                templateName: 'careloop_follow_up',
                templateLanguage: null,
                connection: { state: 'untested', checkedAt: null, detail: null },
              },
            })
          : undefined,
    });
    const user = userEvent.setup();
    renderPage(<SettingsPage panels={panels} />, { path: '/settings' });
    const whatsapp = await screen.findByRole('region', { name: 'WhatsApp' });
    await user.click(within(whatsapp).getByLabelText(/^Access token/));
    await user.paste(accessToken);
    await user.type(within(whatsapp).getByLabelText(/^Phone number ID/), '1065');
    await user.click(within(whatsapp).getByRole('button', { name: 'Save WhatsApp' }));
    expect(await screen.findByText('WhatsApp settings saved')).toBeTruthy();
    expect(network.to('/api/settings/whatsapp')[0]).toMatchObject({
      method: 'PUT',
      body: { accessToken, phoneNumberId: '1065' },
    });
    // Saved is not connected: the badge waits for a real call to WhatsApp.
    expect(await within(whatsapp).findByText('Not checked yet')).toBeTruthy();
    expect(within(whatsapp).queryByText('Connected')).toBeNull();
  });

  it.each([
    ['starter', true],
    ['professional', false],
  ] as const)('a %s clinic sees the Premium Feature notice: %s', async (tier, locked) => {
    stubSettingsApi({ settings: buildSettings({ tier }) });
    renderPage(<SettingsPage panels={panels} />, { path: '/settings' });
    const ai = await screen.findByRole('region', { name: 'AI review response' });
    expect(within(ai).queryByText('Premium Feature') !== null).toBe(locked);
    expect(within(ai).queryByText('This feature requires Professional or Enterprise plan') !== null).toBe(
      locked,
    );
    expect(within(ai).queryByRole('switch', { name: /Enable AI review responses/ }) !== null).toBe(!locked);
  });

  it('refuses a fourth template on the starter plan with the spec message', async () => {
    stubSettingsApi({
      templates: { templates: [template('One'), template('Two'), template('Three')], limit: 3 },
    });
    const user = userEvent.setup();
    renderPage(<SettingsPage panels={panels} />, { path: '/settings', url: '/settings?tab=templates' });
    expect(await screen.findByText('3 of 3 templates used')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Custom Template' }));
    expect(
      await screen.findByText(
        'Template Limit Reached - Upgrade to Professional to add more than 3 templates',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^Template \d/ })).toHaveLength(3);
  });

  it('saves the whole set, blocks unknown variables and shows the server limit refusal', async () => {
    let answer: 'ok' | 'limit' = 'limit';
    const network = stubSettingsApi({
      templates: { templates: [template('One')], limit: 3 },
      extra: (request) => {
        if (request.path !== '/api/templates' || request.method !== 'PUT') return undefined;
        if (answer === 'limit')
          return json(
            {
              error: {
                code: 'PLAN_REQUIRED',
                message: 'Template Limit Reached - Upgrade to Professional to add more than 3 templates',
              },
            },
            403,
          );
        const body = request.body as { templates: MessageTemplate[] };
        return json({
          templates: body.templates.map((t) => ({ ...t, id: 'x', createdAt: 'now' })),
          limit: 3,
        });
      },
    });
    const user = userEvent.setup();
    renderPage(<SettingsPage panels={panels} />, { path: '/settings', url: '/settings?tab=templates' });
    const body = await screen.findByRole('textbox', { name: 'Message' });
    const save = screen.getByRole('button', { name: 'Save templates' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.click(body);
    await user.paste(' {{doctor}}');
    expect(await screen.findByText('Fix the unknown variables before saving.')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.clear(body);
    await user.click(body);
    await user.paste('Hola {{patient_name}}');
    expect(await screen.findByText('Hola Maria Lopez')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    await user.click(save);
    const refusal = await screen.findByRole('alert', { name: 'Template limit' });
    expect(refusal.textContent).toContain(
      'Template Limit Reached - Upgrade to Professional to add more than 3 templates',
    );
    expect(screen.getByText('Failed to save templates')).toBeTruthy();

    answer = 'ok';
    await user.click(save);
    expect(await screen.findByText('Templates saved')).toBeTruthy();
    const puts = network.to('/api/templates').filter((r) => r.method === 'PUT');
    expect(puts.at(-1)?.body).toEqual({
      templates: [
        { name: 'One', body: 'Hola {{patient_name}}', category: null, language: 'es', channel: 'whatsapp' },
      ],
    });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
  });
});
