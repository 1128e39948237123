import { z } from 'zod';
import type { DomainMessage } from '../domain-message';

export const brandColorMessages = {
  format: { key: 'branding.errors.colorFormat', message: 'Enter the colour as #rrggbb, for example #0b6b73' },
  contrast: {
    key: 'branding.errors.colorContrast',
    message: 'This colour is too light: white text on it would be hard to read. Choose a darker one',
  },
  saved: { key: 'branding.colorSaved', message: 'Brand colour saved' },
} as const satisfies Record<string, DomainMessage>;

/** WCAG 2 AA for normal text: the page puts white text on the brand colour (buttons, the chosen score). */
export const minimumBrandContrast = 4.5;

const hexColor = /^#[0-9a-f]{6}$/;

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(color: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * A brand colour as saved: #rrggbb in lower case, dark enough for white text at AA on it (the survey
 * page also uses it as text and borders on white, where the same ratio holds), or null for none.
 */
export const brandColorSchema = z
  .string(brandColorMessages.format.message)
  .trim()
  .toLowerCase()
  .regex(hexColor, brandColorMessages.format.message)
  .refine(
    (color) => contrastRatio(color, '#ffffff') >= minimumBrandContrast,
    brandColorMessages.contrast.message,
  )
  .nullable();

export const saveBrandColorSchema = z.strictObject({ brandColor: brandColorSchema });
