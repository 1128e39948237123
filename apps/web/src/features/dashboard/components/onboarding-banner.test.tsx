import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { onboardingProgressKey, useOnboardingProgress } from '../api/get-onboarding-progress';
import { OnboardingBanner } from './onboarding-banner';

beforeAll(async () => {
  await i18n.loadNamespaces('onboarding');
});

const emptyProfile = { name: '', email: '', phone: '', category: '' };
const progress = (stepCompleted: number, overrides: Record<string, unknown> = {}) => ({
  stepCompleted,
  wizardCompleted: stepCompleted >= 4,
  profile: emptyProfile,
  channels: { whatsapp: false, sms: false },
  templates: [],
  ...overrides,
});

/**
 * The banner beside a reader of the same query: once the reader shows the answer, the banner has
 * rendered with it too (one cache entry, one commit), so its absence after that is a real absence.
 */
function BannerWithProbe({ canManage }: { canManage: boolean }) {
  const progress = useOnboardingProgress(true);
  return (
    <>
      <OnboardingBanner canManage={canManage} />
      {progress.data ? <p>progress loaded</p> : null}
    </>
  );
}

describe('OnboardingBanner', () => {
  it.each([
    [0, 'Start setup', 'Finish setting up your clinic'],
    [2, 'Resume setup', 'Pick up your clinic setup where you left it'],
  ])('after %i saved steps leads to /onboarding with %s', async (stepCompleted, action, title) => {
    stubFetch(() => json(progress(stepCompleted)));
    renderPage(<OnboardingBanner canManage />, { path: '/dashboard' });
    const link = await screen.findByRole('link', { name: action });
    expect(link.getAttribute('href')).toBe('/onboarding');
    expect(screen.getByText(title)).toBeTruthy();
  });

  it('is gone once the wizard is completed', async () => {
    stubFetch(() => json(progress(4)));
    renderPage(<BannerWithProbe canManage />, { path: '/dashboard' });
    await screen.findByText('progress loaded');
    expect(screen.queryByRole('link', { name: /setup$/ })).toBeNull();
  });

  it('is gone when the clinic set everything up through Settings without the wizard', async () => {
    stubFetch(() =>
      json(
        progress(0, {
          profile: { name: 'Sol', email: 'a@sol.example', phone: '+34600000000', category: 'dental' },
          channels: { whatsapp: false, sms: true },
          templates: [{ name: 'Day 1', body: 'Hello' }],
        }),
      ),
    );
    renderPage(<BannerWithProbe canManage />, { path: '/dashboard' });
    await screen.findByText('progress loaded');
    expect(screen.queryByRole('link', { name: /setup$/ })).toBeNull();
  });

  it('does not ask for staff, who cannot run the setup', async () => {
    const network = stubFetch(() => json(progress(0)));
    const { queryClient } = renderPage(<OnboardingBanner canManage={false} />, { path: '/dashboard' });
    // A disabled query is registered idle and never fetched; the i18n namespace is loaded already.
    await waitFor(() => expect(queryClient.getQueryState(onboardingProgressKey)).toBeDefined());
    expect(queryClient.getQueryState(onboardingProgressKey)?.fetchStatus).toBe('idle');
    expect(network.to('/api/onboarding')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Start setup' })).toBeNull();
  });
});
