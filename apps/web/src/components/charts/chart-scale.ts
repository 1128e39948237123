/** A round axis maximum at or above `value` (1, 2, 5, 10, 20, 50 ...), never below 1. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/** An axis label's width per character at its 13 px size, and the room kept between two labels. */
const labelCharWidth = 7.5;
const labelGap = 12;

/**
 * Every how many groups an axis label is written: at least `atLeast`, and more apart when the
 * groups are too narrow for the longest label, so that two written labels never touch.
 */
export function labelStep(labels: readonly string[], groupWidth: number, atLeast: number): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  if (!(groupWidth > 0)) return Math.max(1, atLeast, labels.length);
  return Math.max(1, atLeast, Math.ceil((longest * labelCharWidth + labelGap) / groupWidth));
}

/**
 * Where an axis label centred under its group at `x` is written so that it stays inside the drawing
 * (the latest group's label at the right edge ran past it on a phone): centred, or against the edge.
 */
export function labelPlacement(
  label: string,
  x: number,
  width: number,
): { x: number; anchor: 'start' | 'middle' | 'end' } {
  const half = (label.length * labelCharWidth) / 2;
  if (x + half > width) return { x: width - 2, anchor: 'end' };
  if (x - half < 0) return { x: 2, anchor: 'start' };
  return { x, anchor: 'middle' };
}
