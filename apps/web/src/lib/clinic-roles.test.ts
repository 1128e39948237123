import { describe, expect, it } from 'vitest';
import { canManageClinic } from './clinic-roles';

describe('canManageClinic', () => {
  it.each([
    ['owner', true],
    ['admin', true],
    ['staff', false],
    [undefined, false],
  ] as const)('%s manages the clinic: %s', (role, expected) => {
    expect(canManageClinic(role)).toBe(expected);
  });
});
