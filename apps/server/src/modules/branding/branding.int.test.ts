import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicBranding } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A real 1x1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(18),
]);

const upload = (cookie: string, body: Buffer, contentType: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/branding/logo',
    headers: { ...jsonHeaders({ cookie }), 'content-type': contentType },
    payload: body,
  });
const call = (cookie: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  payload
    ? t.app.inject({ method, url, headers: jsonHeaders({ cookie }), payload })
    : t.app.inject({ method, url, headers: { origin: jsonHeaders().origin, cookie } });

async function stored(clinicId: string) {
  const [row] = await t.db.select().from(clinicBranding).where(eq(clinicBranding.clinicId, clinicId));
  return row ?? null;
}

describe('logo upload', () => {
  it('stores a PNG and serves it back with its checked type, nosniff and no way to run', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const res = await upload(owner.cookie, png, 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Logo saved',
      branding: { brandColor: null, logo: { type: 'image/png', bytes: png.length } },
    });
    const served = await call(owner.cookie, 'GET', '/api/settings/branding/logo');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await stored(clinicId))?.logoType).toBe('image/png');
  });

  it('takes a WebP sent as application/octet-stream as WebP (the bytes decide the type)', async () => {
    const { owner } = await buildClinic(t, { tier: 'enterprise' });
    const res = await upload(owner.cookie, webp, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const served = await call(owner.cookie, 'GET', '/api/settings/branding/logo');
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    ],
    [
      'a "PNG" that is really HTML',
      Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      'image/png',
    ],
    ['a PNG declared as JPEG', png, 'image/jpeg'],
    ['an empty file', Buffer.alloc(0), 'image/png'],
  ])(
    'refuses %s with 400 and its translation key; the logo saved before stays',
    async (_name, body, type) => {
      const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
      await upload(owner.cookie, png, 'image/png');
      const before = await stored(clinicId);
      const res = await upload(owner.cookie, body, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({
        field: 'logo',
        key: expect.stringMatching(/^branding\.errors\./),
      });
      expect(await stored(clinicId)).toEqual(before);
    },
  );

  it("refuses a 5 MB file with 413 in the logo's own words, and stores nothing", async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const big = Buffer.alloc(5 * 1024 * 1024);
    big.set(pngSignature);
    const res = await upload(owner.cookie, big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The logo can be at most 300 kB',
      details: [{ field: 'logo', key: 'branding.errors.logoSize' }],
    });
    expect(await stored(clinicId)).toBeNull();
  });

  it('refuses a type that is no image at all with 415 (not even read), and stores nothing', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const res = await upload(owner.cookie, Buffer.from('<html></html>'), 'text/html');
    expect(res.statusCode).toBe(415);
    expect(await stored(clinicId)).toBeNull();
  });

  it('removes the logo', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    await upload(owner.cookie, png, 'image/png');
    const res = await call(owner.cookie, 'DELETE', '/api/settings/branding/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Logo removed', branding: { logo: null } });
    expect(await stored(clinicId)).toMatchObject({ logo: null, logoType: null });
    expect((await call(owner.cookie, 'GET', '/api/settings/branding/logo')).statusCode).toBe(404);
  });
});

describe('brand colour', () => {
  it('stores a dark enough colour in lower case, and clears it with null', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const res = await call(owner.cookie, 'PUT', '/api/settings/branding/color', { brandColor: '#1D4ED8' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Brand colour saved', branding: { brandColor: '#1d4ed8' } });
    expect((await call(owner.cookie, 'GET', '/api/settings/branding')).json()).toEqual({
      brandColor: '#1d4ed8',
      logo: null,
    });
    await call(owner.cookie, 'PUT', '/api/settings/branding/color', { brandColor: null });
    expect((await stored(clinicId))?.brandColor).toBeNull();
  });

  it.each([
    ['#ffff00', 'branding.errors.colorContrast'],
    ['red', 'branding.errors.colorFormat'],
    ['#0b6b73;background:url(x)', 'branding.errors.colorFormat'],
  ])('refuses %s with 400 (%s) and keeps the colour saved before', async (brandColor, key) => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    await call(owner.cookie, 'PUT', '/api/settings/branding/color', { brandColor: '#0b6b73' });
    const res = await call(owner.cookie, 'PUT', '/api/settings/branding/color', { brandColor });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'brandColor', key });
    expect((await stored(clinicId))?.brandColor).toBe('#0b6b73');
  });
});

describe('who may brand', () => {
  it("a Starter clinic gets the spec's locked-feature text, and nothing is stored", async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'starter' });
    for (const res of [
      await call(owner.cookie, 'GET', '/api/settings/branding'),
      await upload(owner.cookie, png, 'image/png'),
      await call(owner.cookie, 'PUT', '/api/settings/branding/color', { brandColor: '#0b6b73' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'PLAN_REQUIRED',
        message: 'This feature requires Professional or Enterprise plan',
      });
    }
    expect(await stored(clinicId)).toBeNull();
  });

  it('staff get 403 and the signed-out 401; nothing stored', async () => {
    const { clinicId } = await buildClinic(t, { tier: 'professional' });
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await upload(staff.cookie, png, 'image/png')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/branding' })).statusCode).toBe(401);
    expect(await stored(clinicId)).toBeNull();
  });

  it("each clinic reads and changes only its own: another clinic's logo is a 404 to it", async () => {
    const a = await buildClinic(t, { tier: 'professional' });
    const b = await buildClinic(t, { tier: 'professional' });
    await upload(a.owner.cookie, png, 'image/png');
    expect((await call(b.owner.cookie, 'GET', '/api/settings/branding/logo')).statusCode).toBe(404);
    expect((await call(b.owner.cookie, 'GET', '/api/settings/branding')).json()).toEqual({
      brandColor: null,
      logo: null,
    });
    await call(b.owner.cookie, 'DELETE', '/api/settings/branding/logo');
    expect((await stored(a.clinicId))?.logoType).toBe('image/png');
  });
});
