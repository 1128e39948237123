import type { Usage } from '@careloop/contracts/usage';
import { planPrices } from '@careloop/domain/plans';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { renderPage } from '../../../test/render';
import { UpgradeDialog } from './upgrade-dialog';
import { UsageMeters } from './usage-meters';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['plans']);
});

const usage = (overrides: Partial<Usage> = {}): Usage => ({
  plan: 'starter',
  month: '2026-11',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  whatsapp: { used: 180, limit: 200 },
  sms: { used: 0, limit: 0 },
  patients: { used: 40, limit: 100 },
  usagePercent: 90,
  patientLimitExceeded: false,
  showUpgradePrompt: true,
  upgradePromptThreshold: 'messages-90:starter:2026-11',
  projection: {
    region: 'us_canada',
    whatsapp: 208,
    sms: 0,
    overageMessages: 8,
    overageCostCents: 6,
    totalCostCents: 22_706,
  },
  recommendedPlan: 'professional',
  recommendedPrice: planPrices.professional,
  smsAddOn: { priceCents: 5_000, sms: 300 },
  overage: { policy: 'billed', messages: 0, costCents: 0 },
  ...overrides,
});

function show(value: Usage, canChangePlan = true) {
  const onUpgrade = vi.fn();
  const onRemindLater = vi.fn();
  renderPage(
    <UpgradeDialog
      opened
      usage={value}
      canChangePlan={canChangePlan}
      onUpgrade={onUpgrade}
      onRemindLater={onRemindLater}
    />,
    { path: '/' },
  );
  return { onUpgrade, onRemindLater };
}

describe('usage past the allowance', () => {
  it('says the messages past it are billed as overage, and how much so far', async () => {
    renderPage(
      <UsageMeters
        usage={usage({
          whatsapp: { used: 398, limit: 200 },
          usagePercent: 199,
          overage: { policy: 'billed', messages: 198, costCents: 158 },
        })}
      />,
      { path: '/' },
    );
    expect(await screen.findByText('Over your monthly allowance')).toBeTruthy();
    expect(
      screen.getByText(/198 messages this month went past your plan's allowance.*\$1\.58 so far/),
    ).toBeTruthy();
  });

  it('says nothing of overage within the allowance', async () => {
    renderPage(<UsageMeters usage={usage()} />, { path: '/' });
    expect(await screen.findByText('WhatsApp messages')).toBeTruthy();
    expect(screen.queryByText('Over your monthly allowance')).toBeNull();
  });
});

describe('UpgradeDialog', () => {
  it('shows usage, the recommended plan and the SMS add-on to a starter clinic', async () => {
    const { onUpgrade, onRemindLater } = show(usage());
    expect(await screen.findByRole('dialog', { name: "You're approaching your usage limit" })).toBeTruthy();
    expect(screen.getByText('90% of your monthly message allowance used')).toBeTruthy();
    expect(screen.getByText('180 of 200')).toBeTruthy();
    expect(screen.getByText('SMS Add-on Bundle')).toBeTruthy();
    expect(screen.getByText('Or stay on Starter and add 300 SMS a month for $50/month.')).toBeTruthy();
    expect(screen.getByText('$457/month')).toBeTruthy();
    expect(screen.queryByText('Patient Limit Exceeded')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Professional' }));
    expect(onUpgrade).toHaveBeenCalledWith('professional');
    await userEvent.click(screen.getByRole('button', { name: 'Remind me later' }));
    expect(onRemindLater).toHaveBeenCalled();
  });

  it('warns of the patient limit and prices enterprise as custom', async () => {
    show(
      usage({
        plan: 'professional',
        patients: { used: 620, limit: 500 },
        patientLimitExceeded: true,
        recommendedPlan: 'enterprise',
        recommendedPrice: null,
        smsAddOn: null,
      }),
    );
    expect(await screen.findByText('Patient Limit Exceeded')).toBeTruthy();
    expect(
      screen.getByText('You have 620 patients; your plan includes 500. Please upgrade to continue service'),
    ).toBeTruthy();
    expect(screen.getByText('Custom pricing')).toBeTruthy();
    expect(screen.queryByText('SMS Add-on Bundle')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeTruthy();
  });

  it('tells a non-owner to ask the owner, without an upgrade button', async () => {
    show(usage(), false);
    expect(await screen.findByText("Only the clinic's owner can change the plan.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Professional' })).toBeNull();
  });
});
