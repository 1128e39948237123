import { describe, expect, it } from 'vitest';
import { securityTxt } from './security-txt';

describe('securityTxt', () => {
  it('names the contact, expires 180 days after the day it is asked, and says where it lives', () => {
    expect(
      securityTxt(
        'https://care.clinicflow.test/',
        'security@clinicflow.test',
        new Date('2026-11-28T13:45:00Z'),
      ),
    ).toBe(`Contact: mailto:security@clinicflow.test
Expires: 2027-05-27T00:00:00.000Z
Preferred-Languages: en, es, tr
Canonical: https://care.clinicflow.test/.well-known/security.txt
Policy: https://care.clinicflow.test/security
`);
  });

  it.each([
    ['2026-01-01T00:00:00Z', '2026-06-30T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2027-06-29T00:00:00.000Z'],
  ])('on %s it expires on %s', (now, expires) => {
    expect(securityTxt('https://a.test', 's@a.test', new Date(now))).toContain(`Expires: ${expires}\n`);
  });

  it('is not written without a security contact', () => {
    expect(securityTxt('https://a.test', undefined, new Date())).toBeUndefined();
  });
});
