import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { gotoSettled } from './settled-navigation';

export const languages = ['en', 'es', 'tr'] as const;
export type Language = (typeof languages)[number];

/**
 * Every public route of the marketing site with the translation key of its h1 (`namespace:key`), so the
 * heading is checked in each language against the app's own texts.
 */
export const publicRoutes = [
  { path: '/', h1: 'public:landing.hero.title' },
  { path: '/demo', h1: 'company:demo.title' },
  { path: '/features', h1: 'product:features.title' },
  { path: '/integrations', h1: 'product:integrations.title' },
  { path: '/api', h1: 'product:api.title' },
  { path: '/about', h1: 'company:about.title' },
  { path: '/blog', h1: 'blog:title' },
  { path: '/blog/ai-patient-communication', h1: 'blog:articles.aiPatientCommunication.title' },
  { path: '/careers', h1: 'company:careers.title' },
  { path: '/contact', h1: 'company:contact.title' },
  { path: '/help', h1: 'product:help.title' },
  { path: '/docs', h1: 'product:docs.title' },
  { path: '/status', h1: 'status:title' },
  { path: '/privacy', h1: 'legal:privacy.title' },
  { path: '/terms', h1: 'legal:terms.title' },
  { path: '/security', h1: 'legal:security.title' },
  { path: '/compliance', h1: 'legal:compliance.title' },
  { path: '/pricing', h1: 'pricing:title' },
  { path: '/cost-calculator', h1: 'tools:calculator.title' },
  { path: '/marketing-gallery', h1: 'tools:gallery.title' },
  { path: '/login', h1: 'auth:login.title' },
  { path: '/signup', h1: 'auth:signup.title' },
] as const;

const i18nDir = path.resolve(import.meta.dirname, '../../apps/web/src/i18n');

/** The translated text for `namespace:dotted.key` in a language, read from the app's JSON. */
export function translate(language: Language, key: string): string {
  const [namespace, dotted] = key.split(':') as [string, string];
  const data = JSON.parse(fs.readFileSync(path.join(i18nDir, language, `${namespace}.json`), 'utf8'));
  const value = dotted
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], data);
  if (typeof value !== 'string') throw new Error(`no text for ${language}/${key}`);
  return value;
}

/** Loads a route and waits until its h1 is shown and the page has stopped fetching. */
export async function openPublicRoute(page: Page, path: string, h1: string) {
  await gotoSettled(page, path);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: h1, exact: true }).isVisible(), {
      message: `h1 "${h1}" on ${path}`,
    })
    .toBe(true);
}
