import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { PatientsAtRiskCard } from './patients-at-risk-card';

beforeAll(async () => {
  await i18n.loadNamespaces('dashboard');
});

function showCard(answer: () => Response) {
  stubFetch((request) =>
    request.path === '/api/analytics/patients-at-risk'
      ? answer()
      : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
  );
  return renderPage(<PatientsAtRiskCard />, { path: '/dashboard' });
}

describe('PatientsAtRiskCard', () => {
  it('counts the patients at high and medium risk and links to them, highest first', async () => {
    const user = userEvent.setup();
    showCard(() => json({ high: 2, medium: 5, total: 7 }));
    const card = await screen.findByRole('region', { name: 'Patients at risk' });
    expect((await screen.findByTestId('patients-at-risk-total')).textContent).toBe('7');
    expect(card.textContent).toContain('2 high · 5 medium');
    await user.click(screen.getByRole('link', { name: 'View patients at risk' }));
    expect(screen.getByTestId('location').textContent).toBe('/patients?risk=at_risk&sort=risk');
  });

  it.each([
    ['en', '12,345', '10,001 high · 2,344 medium'],
    ['es', '12.345', '10.001 alto · 2344 medio'],
    ['tr', '12.345', '10.001 yüksek · 2.344 orta'],
  ] as const)('writes the figures as %s writes numbers', async (language, total, split) => {
    await i18n.loadLanguages(language);
    await changeLanguage(language);
    try {
      showCard(() => json({ high: 10_001, medium: 2_344, total: 12_345 }));
      expect((await screen.findByTestId('patients-at-risk-total')).textContent).toBe(total);
      expect(document.body.textContent).toContain(split);
    } finally {
      await changeLanguage('en');
    }
  });

  it('says so when nobody is at risk', async () => {
    showCard(() => json({ high: 0, medium: 0, total: 0 }));
    expect(await screen.findByText('No patient is at risk right now.')).toBeTruthy();
  });

  it('says it could not load, keeping the link', async () => {
    showCard(() => json({ error: { code: 'INTERNAL', message: 'x' } }, 500));
    expect(await screen.findByText('Could not load the patients at risk.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View patients at risk' })).toBeTruthy();
  });
});
