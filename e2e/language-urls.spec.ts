import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath, blogArticles } from '../apps/web/src/public/blog-articles';
import {
  baseUrl,
  expectAccessible,
  launchBrowser,
  newVisitor,
  scrollIntoSettledView,
  viewports,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fetchPage = (path: string) => fetch(new URL(path, baseUrl()));
const links = (html: string) =>
  [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*>/g)].map((m) => m[0]);

describe('language URLs', () => {
  it('serve /es/pricing in Spanish as HTML, with canonical, hreflang for en/es/tr and absolute og:*', async () => {
    const res = await fetchPage('/es/pricing');
    expect(res.status).toBe(200);
    const html = await res.text();
    const origin = baseUrl();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<title>Precios | CareLoop</title>');
    expect(html).toMatch(/<h1[^>]*>Elija su plan<\/h1>/);
    expect(links(html)).toEqual([
      `<link rel="canonical" href="${origin}/es/pricing">`,
      `<link rel="alternate" hreflang="en" href="${origin}/pricing">`,
      `<link rel="alternate" hreflang="es" href="${origin}/es/pricing">`,
      `<link rel="alternate" hreflang="tr" href="${origin}/tr/pricing">`,
      `<link rel="alternate" hreflang="x-default" href="${origin}/pricing">`,
    ]);
    expect(html).toContain(`<meta property="og:url" content="${origin}/es/pricing">`);
    expect(html).toContain(`<meta property="og:image" content="${origin}/og-image.png"`);
    expect(html).not.toContain('%PUBLIC_URL%');
    // Links to other public pages stay in Spanish: header, page and footer.
    const hrefs = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs).toEqual(expect.arrayContaining(['/es', '/es/signup', '/es/login', '/es/contact']));
    expect(hrefs.filter((href) => href !== '/es' && !href.startsWith('/es/'))).toEqual([]);
  });

  it('show /es/pricing in Spanish in a browser without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/es/pricing');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Elija su plan');
    expect(await page.title()).toBe('Precios | CareLoop');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await context.close();
  });

  it.each([
    ['desktop', viewports.desktop],
    ['mobile', viewports.mobile],
  ] as const)('hydrate /es/pricing and /tr in their language, axe clean (%s)', async (_name, viewport) => {
    const { context, page, consoleErrors } = await newVisitor(browser, { viewport });
    await page.goto('/es/pricing', { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Elija su plan');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await expectAccessible(page, `/es/pricing ${_name}`);
    // Hydrated, the links still keep the language, and following one stays in it.
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => href !== '/es' && !href.startsWith('/es/'))).toEqual([]);
    const contact = page.locator('footer').getByRole('link', { name: 'Contacto' });
    await scrollIntoSettledView(contact);
    await contact.click();
    await page.waitForURL('**/es/contact');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.goto('/tr', { waitUntil: 'networkidle' });
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    expect(await page.title()).toMatch(/CareLoop/);
    await expectAccessible(page, `/tr ${_name}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('answer 404 to unknown paths under /es and /tr, in that language', async () => {
    for (const path of ['/es/no-such-page', '/tr/no-such-page', '/es/dashboard', '/es/pricing/extra']) {
      const res = await fetchPage(path);
      expect(res.status, path).toBe(404);
    }
    expect(await (await fetchPage('/es/no-such-page')).text()).toContain('<html lang="es"');
  });

  it('pre-render every blog article with its own title and description, in every language', async () => {
    for (const article of blogArticles) {
      const html = await (await fetchPage(articlePath(article))).text();
      expect(html).toContain(`<title>${article.title} | CareLoop</title>`);
      expect(html).toMatch(/<h1[^>]*>/);
    }
    const spanish = await (await fetchPage(`/es${articlePath(blogArticles[0]!)}`)).text();
    expect(spanish).toContain('<html lang="es"');
    expect(spanish).not.toContain(`<title>${blogArticles[0]!.title} | CareLoop</title>`);
  });

  it('write robots.txt and sitemap.xml for PUBLIC_URL', async () => {
    const robots = await (await fetchPage('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const sitemap = await (await fetchPage('/sitemap.xml')).text();
    expect(sitemap).not.toContain('careloop.example');
    expect(sitemap).toContain(`<loc>${baseUrl()}/es/pricing</loc>`);
    expect(sitemap).toContain(`<loc>${baseUrl()}/tr${articlePath(blogArticles[0]!)}</loc>`);
  });

  // The sign-in forms render in the browser, yet their HTML carries their own title, not the generic one.
  it.each([
    ['/login', 'en', 'Sign in | CareLoop'],
    ['/es/login', 'es', 'Iniciar sesión | CareLoop'],
    ['/tr/login', 'tr', 'Giriş yap | CareLoop'],
    ['/signup', 'en', "Create your clinic's account | CareLoop"],
    ['/es/signup', 'es', 'Cree la cuenta de su clínica | CareLoop'],
    ['/tr/signup', 'tr', 'Kliniğinizin hesabını oluşturun | CareLoop'],
  ])('send %s with its own title in its language in the HTML', async (path, language, title) => {
    const res = await fetchPage(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const escaped = title.replaceAll("'", '&#39;');
    expect(
      [title, escaped].some((text) => html.includes(`<title>${text}</title>`)),
      html.slice(0, 600),
    ).toBe(true);
    expect(html).toContain(`<html lang="${language}"`);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl()}${path}">`);
    expect(html).not.toContain('%PUBLIC_URL%');
  });

  it('give /login and /signup titles of their own', async () => {
    const { context, page } = await newVisitor(browser, { language: 'en' });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect.poll(() => page.title()).toBe('Sign in | CareLoop');
    await page.goto('/signup', { waitUntil: 'networkidle' });
    await expect.poll(() => page.title()).toBe("Create your clinic's account | CareLoop");
    await context.close();
  });
});
