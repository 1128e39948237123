import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { PricingPlans } from './pricing-plans';

const endpoint = '/api/enterprise-contact-requests';

// The dialog is a lazy chunk of the pricing plans: loaded before the tests so that findBy waits on
// React, not on the machine.
beforeAll(async () => {
  await import('./enterprise-contact-dialog');
});

async function openDialog() {
  const user = userEvent.setup();
  renderPage(<PricingPlans />, { path: '/pricing' });
  await user.click(await screen.findByRole('button', { name: 'Contact Sales' }));
  const dialog = await screen.findByRole('dialog', { name: 'Contact Enterprise Sales' });
  const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
  return { user, dialog, submit };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, skip?: string) {
  const inDialog = within(dialog);
  if (skip !== 'name') await user.type(inDialog.getByLabelText(/^Contact name/), 'Dr. Jane Roe');
  if (skip !== 'email') await user.type(inDialog.getByLabelText(/^Contact email/), 'jane@roe.example');
  if (skip !== 'company') await user.type(inDialog.getByLabelText(/^Company name/), 'Roe Dental Group');
  if (skip !== 'volume')
    await user.selectOptions(inDialog.getByLabelText(/^Estimated monthly volume/), '100,000-300,000');
}

describe('enterprise contact dialog', () => {
  it('shows the plans from the domain, Professional marked Most Popular', async () => {
    stubFetch(() => json({}));
    renderPage(<PricingPlans />, { path: '/pricing' });
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    // One price per plan, itemised as the platform plus the included messaging (ADR 018).
    for (const [price, itemised] of [
      ['$227', '$197 platform + $30 included messaging'],
      ['$457', '$397 platform + $60 included messaging'],
      ['$917', '$797 platform + $120 included messaging'],
    ] as const) {
      expect(screen.getByText(price)).toBeTruthy();
      expect(screen.getByText(itemised)).toBeTruthy();
    }
    const professional = screen.getByRole('article', { name: 'Professional' });
    expect(within(professional).getByText('Most Popular')).toBeTruthy();
  });

  it.each(['name', 'email', 'company', 'volume'])(
    'keeps Submit disabled while the %s is missing',
    async (skip) => {
      stubFetch(() => json({ accepted: true }, 202));
      const { user, dialog, submit } = await openDialog();
      expect(submit.hasAttribute('disabled')).toBe(true);
      await fillRequired(user, dialog, skip);
      expect(submit.hasAttribute('disabled')).toBe(true);
    },
  );

  it('sends the request, toasts success, closes and resets', async () => {
    let release: () => void = () => {};
    const network = stubFetch(
      (request) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(request.path === endpoint ? json({ accepted: true }, 202) : json({}));
        }),
    );
    const { user, dialog, submit } = await openDialog();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: /Growth/ }));
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    // Disabled while the request is in flight.
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    release();

    expect(await screen.findByText('Request Submitted Successfully!')).toBeTruthy();
    expect(
      screen.getByText('Our enterprise team will contact you within 24 hours to discuss your requirements.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Contact Enterprise Sales' })).toBeNull(),
    );
    expect(network.to(endpoint)[0]?.body).toMatchObject({
      contactName: 'Dr. Jane Roe',
      contactEmail: 'jane@roe.example',
      companyName: 'Roe Dental Group',
      estimatedMonthlyVolume: '100,000-300,000',
      preferredContractType: 'growth',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Contact Sales' }));
    const reopened = await screen.findByRole('dialog', { name: 'Contact Enterprise Sales' });
    expect((within(reopened).getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe('');
    expect((within(reopened).getByLabelText(/^Estimated monthly volume/) as HTMLSelectElement).value).toBe(
      '',
    );
    expect(within(reopened).getByRole('button', { name: 'Submit Request' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('toasts the failure and keeps what was typed', async () => {
    stubFetch(() => json({ error: { code: 'INTERNAL', message: 'x' } }, 500));
    const { user, dialog, submit } = await openDialog();
    await fillRequired(user, dialog);
    await user.click(submit);
    expect(await screen.findByText('Submission Failed')).toBeTruthy();
    expect(screen.getByText('There was an error submitting your request. Please try again.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe('Dr. Jane Roe');
  });
});
