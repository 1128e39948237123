import type { SurveySettingsResponse } from '@careloop/contracts/surveys';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { SurveySettingsPanel } from './survey-settings-panel';

beforeAll(async () => {
  await i18n.loadNamespaces(['surveys', 'plans']);
});

const saved: SurveySettingsResponse = {
  enabled: false,
  dayAfterProcedure: 3,
  channel: 'sms',
  googleReviewUrl: null,
  trustpilotReviewUrl: null,
};

describe('SurveySettingsPanel', () => {
  it("shows a Starter clinic the spec's locked-feature text", async () => {
    stubFetch(() =>
      json(
        {
          error: { code: 'PLAN_REQUIRED', message: 'This feature requires Professional or Enterprise plan' },
        },
        403,
      ),
    );
    renderPage(<SurveySettingsPanel />, { path: '/settings' });
    expect(await screen.findByText('This feature requires Professional or Enterprise plan')).toBeTruthy();
  });

  it('refuses a day out of range and a non-Trustpilot link before sending, then saves the fixed form', async () => {
    const network = stubFetch((request) =>
      request.method === 'PUT'
        ? json({ message: 'Survey settings saved', settings: { ...saved, ...(request.body as object) } })
        : json(saved),
    );
    renderPage(<SurveySettingsPanel />, { path: '/settings' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /Send patient surveys/ }));
    const day = screen.getByRole('textbox', { name: /Day after the procedure/ });
    await user.clear(day);
    await user.type(day, '90');
    await user.type(
      screen.getByRole('textbox', { name: /Trustpilot review link/ }),
      'https://evil.example/evaluate/x',
    );
    await user.click(screen.getByRole('button', { name: 'Save survey settings' }));
    expect(
      await screen.findByText('The survey day must be between 1 and 60 days after the procedure'),
    ).toBeTruthy();
    expect(screen.getByText('Enter a Trustpilot evaluate link starting with https://')).toBeTruthy();
    expect(network.to('/api/surveys/settings').filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(day);
    await user.type(day, '5');
    const trustpilot = screen.getByRole('textbox', { name: /Trustpilot review link/ });
    await user.clear(trustpilot);
    await user.type(trustpilot, 'https://www.trustpilot.com/evaluate/clinic.example');
    await user.click(screen.getByRole('button', { name: 'Save survey settings' }));
    await waitFor(() =>
      expect(network.to('/api/surveys/settings').filter((r) => r.method === 'PUT')).toHaveLength(1),
    );
    expect(network.to('/api/surveys/settings').find((r) => r.method === 'PUT')?.body).toEqual({
      enabled: true,
      dayAfterProcedure: 5,
      channel: 'sms',
      googleReviewUrl: null,
      trustpilotReviewUrl: 'https://www.trustpilot.com/evaluate/clinic.example',
    });
  });
});
