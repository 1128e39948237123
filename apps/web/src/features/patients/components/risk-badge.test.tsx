import type { PatientRisk } from '@careloop/contracts/analytics';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../../../app/theme';
import { i18n } from '../../../i18n';
import { RiskBadge } from './risk-badge';

beforeAll(async () => {
  await i18n.loadNamespaces('patients');
});

function showBadge(risk: PatientRisk) {
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <I18nextProvider i18n={i18n}>
        <button type="button">before</button>
        <RiskBadge risk={risk} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe('RiskBadge', () => {
  it('names the level and gives screen readers the reasons as its description', () => {
    showBadge({ level: 'high', reasons: ['clinical_reply', 'failed_deliveries', 'silent_after_follow_ups'] });
    const badge = screen.getByRole('button', { name: 'High risk' });
    const description = document.getElementById(badge.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(
      'Why: Reported a possible complication in a reply; 2 or more messages to them failed; Has not replied to 3 or more follow-ups',
    );
  });

  it('shows the reasons when reached by keyboard', async () => {
    const user = userEvent.setup();
    showBadge({ level: 'medium', reasons: ['detractor_score'] });
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Medium risk' }));
    // Mounted only while open; happy-dom has no layout, so floating-ui's placement may hide it from role queries.
    expect((await screen.findByRole('tooltip', { hidden: true })).textContent).toBe(
      'Gave a low survey score (0-6)',
    );
  });

  it('is a plain label, not a control, for a patient with no signals', () => {
    showBadge({ level: 'low', reasons: [] });
    expect(screen.getByText('Low risk')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Low risk' })).toBeNull();
  });

  it('speaks the reader’s language', async () => {
    await i18n.loadLanguages('es');
    await i18n.changeLanguage('es');
    await i18n.loadNamespaces('patients');
    showBadge({ level: 'high', reasons: ['open_case_high'] });
    const badge = screen.getByRole('button', { name: 'Riesgo alto' });
    expect(document.getElementById(badge.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Motivos: Tiene un caso abierto de gravedad alta',
    );
  });
});
