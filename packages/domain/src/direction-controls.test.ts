import { describe, expect, it } from 'vitest';
import { hasDirectionControl } from './direction-controls';

describe('direction controls in names', () => {
  it.each([
    ['Ana \u202ezeuR', true],
    ['\u202aAna', true],
    ['\u202bAna', true],
    ['\u202cAna', true],
    ['\u202dAna', true],
    ['Ana\u2066 Ruiz\u2069', true],
    ['\u2067x', true],
    ['\u2068x', true],
    ['Ana Ruiz', false],
    ['Şükrü Öztürk', false],
    ['محمد\u200f علي', false],
    ['שרה\u200e כהן', false],
    ['emoji 😀', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(hasDirectionControl(value)).toBe(expected);
  });
});
