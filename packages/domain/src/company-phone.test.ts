import { describe, expect, it } from 'vitest';
import { companyPhone } from './company-phone';

describe('companyPhone', () => {
  it.each([
    ['+34912345678', { display: '+34 912 34 56 78', tel: '+34912345678' }],
    [' +90 212 555 12 12 ', { display: '+90 212 555 12 12', tel: '+902125551212' }],
    ['+1 415 555 2671', { display: '+1 415 555 2671', tel: '+14155552671' }],
    ['912345678', null],
    ['+34 12', null],
    ['call us', null],
  ])('%s', (raw, expected) => {
    expect(companyPhone(raw)).toEqual(expected);
  });
});
