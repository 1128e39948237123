import { describe, expect, it } from 'vitest';
import { leadPageCount } from './leads.utils';

describe('leadPageCount', () => {
  it.each([
    [0, 1],
    [1, 1],
    [25, 1],
    [26, 2],
    [250, 10],
  ])('%d leads -> %d pages of 25', (total, pages) => {
    expect(leadPageCount(total, 25)).toBe(pages);
  });
});
