import { describe, expect, it } from 'vitest';
import { languageOfPath, localizedPath, resolveLanguage, unlocalizedPath } from './language.utils';

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
