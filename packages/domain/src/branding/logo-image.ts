import type { DomainMessage } from '../domain-message';

/** Image types a clinic logo may be. SVG is never one: it can carry script. */
export const logoImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoImageType = (typeof logoImageTypes)[number];

/** A logo is shown small on a phone: 300 kB is plenty and keeps the survey page light. */
export const maxLogoBytes = 300 * 1024;

export const logoMessages = {
  type: { key: 'branding.errors.logoType', message: 'The logo must be a PNG, JPEG or WebP image' },
  size: { key: 'branding.errors.logoSize', message: 'The logo can be at most 300 kB' },
  empty: { key: 'branding.errors.logoEmpty', message: 'Choose an image file for the logo' },
  saved: { key: 'branding.logoSaved', message: 'Logo saved' },
  removed: { key: 'branding.logoRemoved', message: 'Logo removed' },
} as const satisfies Record<string, DomainMessage>;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpegSignature = [0xff, 0xd8, 0xff];
const riff = [0x52, 0x49, 0x46, 0x46];
const webp = [0x57, 0x45, 0x42, 0x50];

/**
 * The image type the bytes themselves are, by their signature, whatever name or type the upload
 * claimed; null for anything else (HTML, SVG, a PNG name on a text file).
 */
export function detectLogoImageType(bytes: Uint8Array): LogoImageType | null {
  if (startsWith(bytes, pngSignature)) return 'image/png';
  if (startsWith(bytes, jpegSignature)) return 'image/jpeg';
  if (startsWith(bytes, riff) && startsWith(bytes, webp, 8)) return 'image/webp';
  return null;
}

export type LogoCheck =
  | { ok: true; type: LogoImageType }
  | { ok: false; problem: (typeof logoMessages)['type' | 'size' | 'empty'] };

/**
 * Whether an uploaded file may be a logo: not empty, within the size, an image by its own bytes,
 * and, when the upload named a type, that same type (a PNG declared as JPEG is refused, not guessed).
 */
export function checkLogoImage(bytes: Uint8Array, declaredType?: string | null): LogoCheck {
  if (bytes.length === 0) return { ok: false, problem: logoMessages.empty };
  if (bytes.length > maxLogoBytes) return { ok: false, problem: logoMessages.size };
  const type = detectLogoImageType(bytes);
  if (!type) return { ok: false, problem: logoMessages.type };
  const declared = declaredType?.split(';', 1)[0]?.trim().toLowerCase();
  if (declared && declared !== 'application/octet-stream' && declared !== type) {
    return { ok: false, problem: logoMessages.type };
  }
  return { ok: true, type };
}
