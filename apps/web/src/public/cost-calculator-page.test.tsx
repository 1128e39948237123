import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { renderPage } from '../test/render';
import { CostCalculatorPage } from './cost-calculator-page';

function row(estimate: HTMLElement, label: string | RegExp) {
  const labelElement = within(estimate).getByText(label);
  return labelElement.parentElement?.textContent ?? '';
}

describe('CostCalculatorPage', () => {
  it('estimates the defaults: 100 patients, 3 messages, 70% WhatsApp, starter, US', async () => {
    stubFetch(() => json({}));
    renderPage(<CostCalculatorPage />, { path: '/cost-calculator' });
    const estimate = await screen.findByRole('region', { name: 'Monthly estimate' });
    expect((screen.getByLabelText(/^Patients per month/) as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText(/^Messages per patient/) as HTMLInputElement).value).toBe('3');
    expect(screen.getByText('WhatsApp share: 70% (the rest by SMS)')).toBeTruthy();
    // The slider's marks are percentages written by Intl for the language ("%50" in Turkish).
    for (const mark of ['0%', '50%', '100%']) expect(screen.getByText(mark)).toBeTruthy();
    expect(row(estimate, 'Projected messages')).toContain('300 (210 WhatsApp, 90 SMS)');
    expect(row(estimate, 'Included allowance')).toContain('200 (200 WhatsApp, 0 SMS)');
    expect(row(estimate, 'Projected overage')).toContain('100 messages');
    expect(row(estimate, 'Plan price')).toContain('$227.00');
    expect(row(estimate, 'Volume discount (0%)')).toContain('$0.00');
    expect(row(estimate, 'Overage cost')).toContain('$0.80');
    expect(row(estimate, 'Total per month')).toContain('$227.80');
    // 100 overage messages is not over 100: no savings hint yet.
    expect(within(estimate).queryByRole('alert')).toBeNull();
  });

  it('recomputes when an input changes and shows the hints', async () => {
    stubFetch(() => json({}));
    const user = userEvent.setup();
    renderPage(<CostCalculatorPage />, { path: '/cost-calculator' });
    const estimate = await screen.findByRole('region', { name: 'Monthly estimate' });
    const patients = screen.getByLabelText(/^Patients per month/);
    await user.clear(patients);
    await user.type(patients, '1000');
    await user.click(screen.getByRole('radio', { name: 'Rest of world' }));
    expect(within(estimate).getByText('Patient Limit Exceeded')).toBeTruthy();
    // 3,000 messages: 1,900 WhatsApp x 2.5c + 900 SMS x 4c = $83.50.
    expect(row(estimate, 'Overage cost')).toContain('$83.50');
    expect(within(estimate).getByText('Your overage would cost more than $50 a month.')).toBeTruthy();
    expect(within(estimate).getByText(/more than 100 messages beyond your allowance/)).toBeTruthy();

    // 10,000 messages: $290 less 15% = $246.50, $473.50 in all. Professional ($457 plus its own
    // overage) does not hold 1,000 patients and enterprise costs $917: no plan is suggested.
    const messages = screen.getByLabelText(/^Messages per patient/);
    await user.clear(messages);
    await user.type(messages, '10');
    expect(row(estimate, 'Volume discount (15%)')).toContain('$43.50');
    expect(row(estimate, 'Total per month')).toContain('$473.50');
    expect(within(estimate).getByText(/no other plan costs less at this volume/)).toBeTruthy();
    expect(within(estimate).queryByText(/at this volume: /)).toBeNull();

    // Enterprise for 50 patients: starter holds them for $236.75 (150 WhatsApp x 2.5c + 150 SMS x 4c).
    await user.clear(patients);
    await user.type(patients, '50');
    await user.click(screen.getByRole('radio', { name: /^Enterprise/ }));
    expect(row(estimate, 'Total per month')).toContain('$917.00');
    expect(
      within(estimate).getByText('Starter would cost $236.75 a month at this volume: $680.25 less.'),
    ).toBeTruthy();
  });
});
