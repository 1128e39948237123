import type { SecurityScan } from '@careloop/contracts/security-hardening';
import { describe, expect, it } from 'vitest';
import { scoreColor, withCheck } from './security-hardening.utils';

const check = (id: 'secure_headers' | 'https_tls', status: 'pass' | 'fail') => ({
  id,
  status,
  severity: 'high' as const,
  autoFixable: false,
  details: {},
  checkedAt: '2026-11-26T10:00:00.000Z',
});

describe('security hardening utils', () => {
  it('replaces one check and counts the score again', () => {
    const scan: SecurityScan = {
      checkedAt: '2026-11-26T10:00:00.000Z',
      score: 50,
      passing: 1,
      total: 2,
      checks: [check('secure_headers', 'fail'), check('https_tls', 'pass')],
    };
    expect(withCheck(scan, check('secure_headers', 'pass'))).toMatchObject({ score: 100, passing: 2 });
  });

  it.each([
    [100, 'green'],
    [75, 'yellow'],
    [74, 'red'],
  ])('score %i is %s', (score, color) => {
    expect(scoreColor(score)).toBe(color);
  });
});
