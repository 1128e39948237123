import type { SiteSettings } from '@careloop/contracts/site-settings';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicFooter } from '../app/layouts/public-footer';
import { json, stubFetch } from '../test/fetch-stub';
import { renderPage } from '../test/render';
import { CompliancePage } from './compliance-page';
import { ContactPage } from './contact-page';

/** The settings as the server writes them into every page it sends. */
function serveSettings(settings: SiteSettings) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'site-settings';
  element.textContent = JSON.stringify(settings);
  document.body.append(element);
}
afterEach(() => document.getElementById('site-settings')?.remove());

const publicUrl = 'https://care.clinicflow.test';

describe('the public contacts come from the settings', () => {
  it('the contact page shows the set ones and nothing of the unset ones', async () => {
    serveSettings({
      publicUrl,
      contacts: { sales: 'ventas@clinicflow.test', phone: '+34 912 34 56 78', phoneTel: '+34912345678' },
    });
    stubFetch(() => json({}));
    renderPage(<ContactPage />, { path: '/contact' });
    const sales = await screen.findByRole('link', { name: 'ventas@clinicflow.test' });
    expect(sales.getAttribute('href')).toBe('mailto:ventas@clinicflow.test');
    expect(screen.getByRole('link', { name: '+34 912 34 56 78' }).getAttribute('href')).toBe(
      'tel:+34912345678',
    );
    expect(screen.getByText('Sales')).toBeTruthy();
    expect(screen.queryByText('Support')).toBeNull();
    expect(screen.queryByText('Security')).toBeNull();
    expect(document.body.innerHTML).not.toMatch(/careloop\.example|555/);
  });

  it('a page with no contact set hides every contact block, the footer too', async () => {
    serveSettings({ publicUrl, contacts: {} });
    stubFetch(() => json({}));
    renderPage(
      <>
        <CompliancePage />
        <PublicFooter />
      </>,
      { path: '/compliance' },
    );
    await screen.findByRole('heading', { level: 1, name: 'HIPAA Compliance' });
    expect(screen.queryByRole('link', { name: 'Request BAA' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Compliance contacts' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Email Support' })).toBeNull();
    expect(screen.queryByRole('link', { name: /LinkedIn/ })).toBeNull();
    expect(document.querySelectorAll('a[href^="mailto:"], a[href^="tel:"]')).toHaveLength(0);
  });

  it('the footer shows the profiles, support address and company address that are set', async () => {
    serveSettings({
      publicUrl,
      contacts: {
        support: 'ayuda@clinicflow.test',
        x: 'https://x.com/clinicflow',
        address: 'Calle Mayor 1, 28013 Madrid',
      },
    });
    renderPage(<PublicFooter />, { path: '/' });
    expect((await screen.findByRole('link', { name: 'Email Support' })).getAttribute('href')).toBe(
      'mailto:ayuda@clinicflow.test',
    );
    expect(screen.getByRole('link', { name: 'CareLoop on X' }).getAttribute('href')).toBe(
      'https://x.com/clinicflow',
    );
    expect(screen.queryByRole('link', { name: /LinkedIn/ })).toBeNull();
    expect(screen.getByText('Calle Mayor 1, 28013 Madrid')).toBeTruthy();
  });
});
