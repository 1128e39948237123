import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { json, stubFetch } from '../test/fetch-stub';
import { renderPage } from '../test/render';
import { AboutPage } from './about-page';
import { ApiPage } from './api-page';
import { BlogArticlePage } from './blog-article-page';
import { BlogPage } from './blog-page';
import { CareersPage } from './careers-page';
import { CompliancePage } from './compliance-page';
import { ContactPage } from './contact-page';
import { DemoPage } from './demo-page';
import { DocsPage } from './docs-page';
import { FeaturesPage } from './features-page';
import { HelpPage } from './help-page';
import { IntegrationsPage } from './integrations-page';
import { LandingPage } from './landing-page';
import { MarketingGalleryPage } from './marketing-gallery-page';
import { PricingPage } from './pricing-page';
import { PrivacyPage } from './privacy-page';
import { SecurityPage } from './security-page';
import { StatusPage } from './status-page';
import { TermsPage } from './terms-page';

const pages: [string, ReactElement, string, string][] = [
  [
    '/',
    <LandingPage key="x" />,
    'Recover the revenue your clinic is losing after treatment',
    'Patient follow-up and review recovery for clinics | CareLoop',
  ],
  ['/pricing', <PricingPage key="x" />, 'Choose Your Plan', 'Pricing | CareLoop'],
  ['/demo', <DemoPage key="x" />, 'Book a Demo', 'Book a demo | CareLoop'],
  ['/features', <FeaturesPage key="x" />, 'Features', 'Features | CareLoop'],
  ['/integrations', <IntegrationsPage key="x" />, 'Integrations', 'Integrations | CareLoop'],
  ['/api', <ApiPage key="x" />, 'CareLoop API', 'API | CareLoop'],
  ['/about', <AboutPage key="x" />, 'Every patient deserves to be asked how they are', 'About us | CareLoop'],
  ['/blog', <BlogPage key="x" />, 'The CareLoop Blog', 'Blog | CareLoop'],
  ['/careers', <CareersPage key="x" />, 'Careers at CareLoop', 'Careers | CareLoop'],
  ['/contact', <ContactPage key="x" />, 'Contact Us', 'Contact us | CareLoop'],
  ['/help', <HelpPage key="x" />, 'Help Center', 'Help Center | CareLoop'],
  ['/docs', <DocsPage key="x" />, 'Documentation', 'Documentation | CareLoop'],
  ['/privacy', <PrivacyPage key="x" />, 'Privacy Policy', 'Privacy Policy | CareLoop'],
  ['/terms', <TermsPage key="x" />, 'Terms of Service', 'Terms of Service | CareLoop'],
  ['/security', <SecurityPage key="x" />, 'Security at CareLoop', 'Security | CareLoop'],
  ['/compliance', <CompliancePage key="x" />, 'HIPAA Compliance', 'HIPAA Compliance | CareLoop'],
  [
    '/marketing-gallery',
    <MarketingGalleryPage key="x" />,
    'Marketing Gallery',
    'Marketing gallery | CareLoop',
  ],
];

describe('public pages', () => {
  it.each(pages)(
    '%s shows its heading and sets its title and description',
    async (path, page, heading, title) => {
      stubFetch(() => json({}));
      renderPage(page, { path });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(title));
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
    },
  );

  it('the landing FAQ has eight questions, one open at a time', async () => {
    stubFetch(() => json({}));
    const user = userEvent.setup();
    renderPage(<LandingPage />, { path: '/' });
    const first = await screen.findByRole('button', {
      name: 'How does CareLoop know which patient wrote a review?',
    });
    const questions = screen
      .getAllByRole('button', { expanded: false })
      .filter((b) => b.textContent?.endsWith('?'));
    expect(questions.length).toBeGreaterThanOrEqual(8);
    const second = screen.getByRole('button', { name: 'Is CareLoop HIPAA compliant?' });
    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    await user.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  it('an article is found by its slug, and an unknown slug shows Page not found', async () => {
    stubFetch(() => json({}));
    renderPage(<BlogArticlePage />, { path: '/blog/:slug', url: '/blog/ai-patient-communication' });
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Patient Communication' })).toBeTruthy();
  });

  it('an unknown slug shows Page not found', async () => {
    stubFetch(() => json({}));
    renderPage(<BlogArticlePage />, { path: '/blog/:slug', url: '/blog/no-such-article' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('the demo form sends its fields and confirms', async () => {
    const network = stubFetch(() => json({ accepted: true }, 202));
    const user = userEvent.setup();
    renderPage(<DemoPage />, { path: '/demo' });
    await user.type(await screen.findByLabelText(/^First Name/), 'Ana');
    await user.type(screen.getByLabelText(/^Last Name/), 'García');
    await user.type(screen.getByLabelText(/^Email Address/), 'ana@clinic.example');
    await user.type(screen.getByLabelText(/^Clinic\/Practice Name/), 'Clínica Sonrisa');
    await user.selectOptions(screen.getByLabelText(/^Type of Practice/), 'dental');
    await user.selectOptions(screen.getByLabelText(/^Team Size/), '6-15');
    await user.click(screen.getByRole('button', { name: 'Book My Demo' }));
    expect(await screen.findByText('Your demo request is in')).toBeTruthy();
    expect(network.to('/api/public-forms/demo')[0]?.body).toEqual({
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@clinic.example',
      clinicName: 'Clínica Sonrisa',
      clinicType: 'dental',
      teamSize: '6-15',
      locale: 'en',
    });
  });

  it('the status page shows the measured services, why one is not operational, and unknown for what it cannot read', async () => {
    const history = (status: string) =>
      Array.from({ length: 90 }, (_, i) => ({
        date: new Date(Date.UTC(2026, 7, 29) + i * 86_400_000).toISOString().slice(0, 10),
        status: i === 89 ? status : i < 60 ? 'unknown' : 'operational',
        uptimePercent: i < 60 ? null : 100,
      }));
    stubFetch((request) =>
      request.path === '/api/status'
        ? json({
            status: 'partial-outage',
            checkedAt: new Date().toISOString(),
            services: [
              {
                id: 'api',
                status: 'operational',
                note: null,
                uptimePercent: 100,
                history: history('operational'),
              },
              {
                id: 'database',
                status: 'operational',
                note: null,
                uptimePercent: 100,
                history: history('operational'),
              },
              {
                id: 'job_runner',
                status: 'operational',
                note: null,
                uptimePercent: 99.9,
                history: history('operational'),
              },
              {
                id: 'review_ingestion',
                status: 'partial-outage',
                note: 'syncs_failing',
                uptimePercent: 98.5,
                history: history('partial-outage'),
              },
              { id: 'messaging', status: 'something-new', note: null, uptimePercent: null, history: [] },
            ],
            incidents: [],
          })
        : json({}),
    );
    renderPage(<StatusPage />, { path: '/status' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Review ingestion' })).toBeTruthy();
    expect(screen.getAllByText('Operational')).toHaveLength(3);
    expect(screen.getByText('Partial outage', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getAllByText('Unknown')).toHaveLength(1);
    expect(screen.getByText(/Some review syncs are failing/)).toBeTruthy();
    // A daily history per measured service: 90 bars, the summary for screen readers.
    const reviews = screen.getByRole('img', {
      name: /^Review ingestion, the last 90 days: 98.5% uptime, 1 day with an outage\.$/,
    });
    const bars = reviews.querySelectorAll('[data-status]');
    expect(bars).toHaveLength(90);
    expect(bars[89]?.getAttribute('data-status')).toBe('partial-outage');
    expect(bars[0]?.getAttribute('title')).toMatch(/no data$/);
    expect(screen.getAllByRole('img', { name: /the last 90 days/ })).toHaveLength(4);
    expect(screen.getByText('No incidents have been recorded.')).toBeTruthy();
  });

  it('the status page lists incidents with their service, worst state, reason and times', async () => {
    const incident = (over: Record<string, unknown>) => ({
      title: 'x',
      description: 'x',
      timestamp: '2026-11-28T09:00:00.000Z',
      severity: 'minor',
      note: null,
      ...over,
    });
    stubFetch((request) =>
      request.path === '/api/status'
        ? json({
            status: 'partial-outage',
            checkedAt: new Date().toISOString(),
            services: [],
            incidents: [
              incident({
                id: 'inc_1',
                service: 'job_runner',
                worstStatus: 'partial-outage',
                note: 'jobs_stopped',
                startedAt: '2026-11-28T09:00:00.000Z',
                resolvedAt: null,
                status: 'investigating',
              }),
              incident({
                id: 'inc_2',
                service: 'messaging',
                worstStatus: 'major-outage',
                startedAt: '2026-11-27T14:05:00.000Z',
                resolvedAt: '2026-11-27T15:35:00.000Z',
                status: 'resolved',
              }),
            ],
          })
        : json({}),
    );
    renderPage(<StatusPage />, { path: '/status' });
    expect(await screen.findByText('Job runner: Partial outage')).toBeTruthy();
    expect(screen.getByText('Scheduled jobs are not running.')).toBeTruthy();
    expect(screen.getByText('Since Nov 28, 2026, 9:00 AM UTC; we are looking into it.')).toBeTruthy();
    expect(screen.getByText('Investigating')).toBeTruthy();
    expect(screen.getByText('Messaging providers: Major outage')).toBeTruthy();
    expect(screen.getByText('From Nov 27, 2026, 2:05 PM UTC to Nov 27, 2026, 3:35 PM UTC.')).toBeTruthy();
    expect(screen.getByText('Resolved')).toBeTruthy();
    expect(screen.queryByText('No incidents have been recorded.')).toBeNull();
  });

  it('pages render in Spanish and Turkish', async () => {
    for (const [language, heading] of [
      ['es', 'Elija su plan'],
      ['tr', 'Planınızı Seçin'],
    ] as const) {
      await i18n.changeLanguage(language);
      stubFetch(() => json({}));
      const { unmount } = renderPage(<PricingPage />, { path: '/pricing' });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      unmount();
    }
    await i18n.changeLanguage('en');
  });
});
