import { describe, expect, it } from 'vitest';
import {
  languageOfPath,
  languageOfUrl,
  localizedPath,
  resolveLanguage,
  unlocalizedPath,
} from './language.utils';

describe('resolveLanguage', () => {
  it.each([
    [null, 'en'],
    [undefined, 'en'],
    ['', 'en'],
    ['en', 'en'],
    ['es', 'es'],
    ['tr', 'tr'],
    ['TR', 'tr'],
    ['es-MX', 'es'],
    ['fr', 'en'],
    ['<script>', 'en'],
  ])('%j -> %j', (stored, expected) => {
    expect(resolveLanguage(stored)).toBe(expected);
  });
});

describe('language URLs', () => {
  it.each([
    ['/', null, '/'],
    ['/pricing', null, '/pricing'],
    ['/es', 'es', '/'],
    ['/es/', 'es', '/'],
    ['/es/pricing', 'es', '/pricing'],
    ['/tr/blog/ai-patient-communication', 'tr', '/blog/ai-patient-communication'],
    ['/en/pricing', null, '/en/pricing'],
    ['/estate', null, '/estate'],
    ['/trial/x', null, '/trial/x'],
  ])('%s names %j, and is %s without it', (path, language, bare) => {
    expect(languageOfPath(path)).toBe(language);
    expect(unlocalizedPath(path)).toBe(bare);
  });

  it.each([
    ['/', 'en', '/'],
    ['/', 'es', '/es'],
    ['/pricing', 'tr', '/tr/pricing'],
    ['/es/pricing', 'en', '/pricing'],
    ['/es/pricing', 'tr', '/tr/pricing'],
  ] as const)('%s in %s is %s', (path, language, expected) => {
    expect(localizedPath(path, language)).toBe(expected);
  });
});

describe('languageOfUrl: the path first, then a lang parameter', () => {
  it.each([
    ['/email-confirmation', '?token=t&type=signup&lang=es', 'es'],
    ['/email-confirmation', '?lang=tr', 'tr'],
    ['/email-confirmation', '?lang=en', 'en'],
    ['/email-confirmation', '?lang=fr', null],
    ['/email-confirmation', '?token=t', null],
    ['/es/reset-password', '?token=t', 'es'],
    ['/es/reset-password', '?lang=tr', 'es'],
    ['/pricing', '', null],
  ])('%s%s -> %j', (pathname, search, expected) => {
    expect(languageOfUrl(pathname, search)).toBe(expected);
  });
});
