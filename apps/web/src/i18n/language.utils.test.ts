import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language.utils';

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
