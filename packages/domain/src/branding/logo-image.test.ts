import { describe, expect, it } from 'vitest';
import { checkLogoImage, detectLogoImageType, logoMessages, maxLogoBytes } from './logo-image';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const webp = new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ');
const text = (value: string) => new TextEncoder().encode(value);

describe('detectLogoImageType', () => {
  it.each([
    ['PNG', png, 'image/png'],
    ['JPEG', jpeg, 'image/jpeg'],
    ['WebP', webp, 'image/webp'],
    ['HTML', text('<!doctype html><script>alert(1)</script>'), null],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), null],
    ['a RIFF that is not WebP (WAV)', text('RIFF\u0024\u0000\u0000\u0000WAVEfmt '), null],
    ['a truncated PNG signature', png.slice(0, 4), null],
    ['nothing', new Uint8Array(), null],
  ])('%s is %s', (_name, bytes, type) => {
    expect(detectLogoImageType(bytes)).toBe(type);
  });
});

describe('checkLogoImage', () => {
  it.each([
    ['a PNG declared as PNG', png, 'image/png', { ok: true, type: 'image/png' }],
    ['a JPEG without a declared type', jpeg, null, { ok: true, type: 'image/jpeg' }],
    ['a WebP sent as octet-stream', webp, 'application/octet-stream', { ok: true, type: 'image/webp' }],
    ['a PNG with a charset parameter', png, 'image/png; charset=binary', { ok: true, type: 'image/png' }],
    [
      'HTML declared as PNG',
      text('<html><body>hi</body></html>'),
      'image/png',
      { ok: false, problem: logoMessages.type },
    ],
    ['SVG declared as SVG', text('<svg/>'), 'image/svg+xml', { ok: false, problem: logoMessages.type }],
    ['a PNG declared as JPEG', png, 'image/jpeg', { ok: false, problem: logoMessages.type }],
    ['an empty file', new Uint8Array(), 'image/png', { ok: false, problem: logoMessages.empty }],
  ])('%s', (_name, bytes, declared, expected) => {
    expect(checkLogoImage(bytes, declared)).toEqual(expected);
  });

  it('takes a logo of exactly 300 kB and refuses one byte more', () => {
    const atLimit = new Uint8Array(maxLogoBytes);
    atLimit.set(png);
    expect(checkLogoImage(atLimit, 'image/png')).toEqual({ ok: true, type: 'image/png' });
    const over = new Uint8Array(maxLogoBytes + 1);
    over.set(png);
    expect(checkLogoImage(over, 'image/png')).toEqual({ ok: false, problem: logoMessages.size });
  });
});
