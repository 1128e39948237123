import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { palette } from './theme';

function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const AA = 4.5;

// Mantine 9 on the light scheme with primaryShade 6: filled = shade 6 under white text; light =
// shade 9 text on shade 1; outline, subtle and plain text = shade 6 on white.
describe('palette contrast (WCAG AA)', () => {
  it.each(Object.entries(palette))(
    '%s: filled, light and text variants read at 4.5:1 or better',
    (_, shades) => {
      expect(contrast(shades[6], '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(AA);
      expect(contrast(shades[6], shades[1])).toBeGreaterThanOrEqual(AA);
    },
  );
});

// A colour missing from the palette falls back to Mantine's own shades, which fail AA on their
// light variants (a teal 'read' badge failed axe once a demo message was read).
// Dark is Mantine's own: its shades are text colours, all above 7:1 on white.
const MANTINE_COLORS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
];
const MANTINE_ONLY_COLORS = MANTINE_COLORS.filter((name) => !(name in palette));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('colours named in components', () => {
  it('are all in the contrast-checked palette', () => {
    const named = new RegExp(`['"\`](${MANTINE_ONLY_COLORS.join('|')})(\\.\\d)?['"\`]`, 'g');
    const offenders = sourceFiles(join(__dirname, '..')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(named)].map((m) => `${file}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});
