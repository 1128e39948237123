import type { BillingStatus } from '@careloop/contracts/billing';
import type { Usage } from '@careloop/contracts/usage';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { PlanSection } from './plan-section';

const usage: Usage = {
  plan: 'professional',
  month: '2026-11',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  whatsapp: { used: 10, limit: 1000 },
  sms: { used: 0, limit: 500 },
  patients: { used: 40, limit: 1000 },
  usagePercent: 1,
  patientLimitExceeded: false,
  showUpgradePrompt: false,
  upgradePromptThreshold: null,
  projection: {
    region: 'us_canada',
    whatsapp: 20,
    sms: 0,
    overageMessages: 0,
    overageCostCents: 0,
    totalCostCents: 45_700,
  },
  recommendedPlan: 'professional',
  recommendedPrice: { platformCents: 39_700, messagingBundleCents: 6_000, totalCents: 45_700 },
  smsAddOn: { priceCents: 5_000, sms: 300 },
  overage: { policy: 'billed', messages: 0, costCents: 0 },
};

const cancelled: BillingStatus = {
  hasBillingAccount: true,
  subscriptionStatus: 'active',
  cancelAtPeriodEnd: true,
  currentPeriodEnd: '2026-12-12T10:00:00.000Z',
};

function stubBilling() {
  let status = cancelled;
  return stubFetch((request) => {
    if (request.path === '/api/billing') return json(status);
    if (request.path === '/api/billing/resume' && request.method === 'POST') {
      status = { ...status, cancelAtPeriodEnd: false };
      return json(status);
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

describe('Settings > Plan: a plan cancelled for the end of its period', () => {
  beforeEach(async () => {
    await i18n.loadNamespaces(['plans']);
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Professional until December 12, 2026', 'Resume'],
    ['es', 'Professional hasta el 12 de diciembre de 2026', 'Reanudar'],
    ['tr', '12 Aralık 2026 tarihine kadar Professional', 'Devam ettir'],
  ])('says until when in %s, and "Resume" clears it', async (language, title, resume) => {
    await i18n.changeLanguage(language);
    const fetches = stubBilling();
    renderPage(<PlanSection usage={usage} canChangePlan />, { path: '/' });
    expect(await screen.findByText(title)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: resume }));
    expect(fetches.to('/api/billing/resume')).toHaveLength(1);
    await expect.poll(() => screen.queryByText(title)).toBeNull();
  });
});

describe('Settings > Plan: the usage month', () => {
  beforeEach(async () => {
    await i18n.loadNamespaces(['plans']);
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', '2026-03', 'Messages sent and patients in March 2026, against your plan.'],
    ['es', '2026-03', 'Mensajes enviados y pacientes en marzo de 2026, frente a su plan.'],
    ['tr', '2026-03', 'Mart 2026 döneminde gönderilen mesajlar ve hastalar, planınıza göre.'],
    ['tr', '2026-11', 'Kasım 2026 döneminde gönderilen mesajlar ve hastalar, planınıza göre.'],
  ])('in %s, %s reads as its month and year', async (language, month, description) => {
    await i18n.changeLanguage(language);
    stubBilling();
    renderPage(<PlanSection usage={{ ...usage, month }} canChangePlan={false} />, { path: '/' });
    expect(await screen.findByText(description)).toBeTruthy();
  });
});
