// @vitest-environment node
// The build pre-renders in Node, without a document: so does this test.
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { renderPage } from './render-page';

describe('renderPage', () => {
  // The landing page below its first screen hydrates near the viewport and loads its own
  // translations then; its HTML is whole, and the page does not preload those translations.
  it("writes the landing page whole but leaves its deferred part's translations out of the preloads", async () => {
    const page = await renderPage('/');
    const landing = i18n.getFixedT('en', 'landing');
    expect(page.html).toContain('data-hydrate-when-visible="landing-below-the-fold"');
    expect(page.html).toContain(landing('faq.title'));
    expect(page.html).toContain(landing('features.title'));
    expect(page.namespaces).toContain('public');
    expect(page.namespaces).not.toContain('landing');
    expect(page.namespaces).not.toContain('pricing');
    expect(page.namespaces).not.toContain('blog');
  });

  it('still preloads the namespaces of a page without a deferred part', async () => {
    const page = await renderPage('/pricing');
    expect(page.namespaces).toEqual(expect.arrayContaining(['public', 'pricing']));
  });

  it('renders a page in the language of its URL', async () => {
    const page = await renderPage('/es');
    expect(page.language).toBe('es');
    expect(page.html).toContain(i18n.getFixedT('es', 'landing')('faq.title'));
  });

  // The server puts its PUBLIC_URL in place of the placeholder, in the page as in its meta, so the
  // examples hydrate with the address the browser reads from the meta.
  it("writes /docs' examples with the placeholder of the deployment's address", async () => {
    const page = await renderPage('/docs');
    expect(page.html).toContain('curl -X POST %PUBLIC_URL%/api/v1/oauth/token');
    expect(page.html).not.toContain('api.careloop.example');
  });

  // The build cannot know the deployer's contacts: each is a token the server fills in, on an
  // element it drops when the contact is unset (apps/server/src/plugins/site-settings-html.ts).
  it('leaves the contacts and the site address for the server to write in', async () => {
    const contact = await renderPage('/contact');
    expect(contact.html).toMatch(/<a[^>]*href="mailto:%CONTACT_sales%"[^>]*>%CONTACT_sales%<\/a>/);
    expect(contact.html).toContain('data-contact-if="sales support partnerships security"');
    expect(contact.html).toContain('href="tel:%CONTACT_phoneTel%"');
    expect(contact.html).not.toContain('careloop.example');
  });

  it('declares the structured data of each kind of page, and an article as an article', async () => {
    const types = (page: { structuredData: Record<string, unknown>[] }) =>
      page.structuredData.map((data) => data['@type']);
    const landing = await renderPage('/es');
    expect(types(landing)).toEqual(
      expect.arrayContaining(['Organization', 'SoftwareApplication', 'FAQPage']),
    );
    const faq = landing.structuredData.find((data) => data['@type'] === 'FAQPage');
    expect(faq?.mainEntity).toHaveLength(8);
    const pricing = await renderPage('/pricing');
    const offers = pricing.structuredData.find((data) => data['@type'] === 'SoftwareApplication')?.offers;
    expect((offers as { price: string }[]).map((offer) => offer.price)).toEqual([
      '227.00',
      '457.00',
      '917.00',
    ]);
    const article = await renderPage('/blog/ai-patient-communication');
    expect(article.meta?.type).toBe('article');
    expect(types(article)).toEqual(['Organization', 'BlogPosting']);
    expect(article.structuredData[1]).toMatchObject({
      mainEntityOfPage: '%PUBLIC_URL%/blog/ai-patient-communication',
    });
    expect((await renderPage('/help')).structuredData.map((data) => data['@type'])).toContain('FAQPage');
    expect((await renderPage('/about')).meta?.type).toBeUndefined();
  });
});
