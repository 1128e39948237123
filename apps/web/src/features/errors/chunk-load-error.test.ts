import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/pricing-page-AbC.js'), true],
    [new TypeError('error loading dynamically imported module: http://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [Object.assign(new Error('Loading chunk 7 failed'), { name: 'ChunkLoadError' }), true],
    [new Error('Kaboom'), false],
    [new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    ['Failed to fetch dynamically imported module', false],
    [null, false],
  ])('%s -> %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
