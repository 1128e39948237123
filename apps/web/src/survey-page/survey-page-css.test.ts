import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio } from '@careloop/domain/branding/brand-color';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(__dirname, 'survey-page.css'), 'utf8');
const colour = (name: string) => {
  const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`survey-page.css has no --${name}`);
  return value;
};

describe("the survey page's colours (WCAG 2 AA)", () => {
  it.each([
    ['text', '#ffffff', 4.5],
    ['muted', '#ffffff', 4.5],
    ['error', '#ffffff', 4.5],
    ['brand', '#ffffff', 4.5],
    ['text', 'page', 4.5],
    // The score boxes and the comment box are white on white: their border is all that shows them (1.4.11).
    ['line', '#ffffff', 3],
  ])('--%s on %s: at least %s:1', (name, background, minimum) => {
    const on = background.startsWith('#') ? background : colour(background);
    expect(contrastRatio(colour(name), on)).toBeGreaterThanOrEqual(minimum);
  });
});
