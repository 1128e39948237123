import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPatientInputSchema,
  InvalidPhoneNumberError,
  isValidPhone,
  makePatientId,
  normalizePhone,
  patientIdAllocator,
  patientInputSchema,
  patientStatuses,
  patientStatusLabels,
  procedureOptions,
} from './patient';

describe('patient statuses and procedures', () => {
  it.each([
    ['active', 'Active'],
    ['completed', 'Completed'],
    ['watch', 'Watch'],
    ['red', 'Critical'],
  ] as const)('status %s is shown as %s', (status, label) => {
    expect(patientStatusLabels[status]).toBe(label);
  });

  it('lists the four statuses and the seven procedures in spec order', () => {
    expect(patientStatuses).toEqual(['active', 'completed', 'watch', 'red']);
    expect(procedureOptions).toEqual([
      'Hair Transplant',
      'Dental Implant',
      'Plastic Surgery',
      'PRP Treatment',
      'Teeth Whitening',
      'Root Canal',
      'Other',
    ]);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+14155552671', undefined, '+14155552671'],
    ['+1 (415) 555-2671', undefined, '+14155552671'],
    ['(415) 555-2671', 'US', '+14155552671'],
    ['+44 20 7946 0958', undefined, '+442079460958'],
    ['0212 555 12 34', 'TR', '+902125551234'],
    ['+34 612 34 56 78', 'TR', '+34612345678'],
    ['  +90 532 123 45 67  ', undefined, '+905321234567'],
    ['', undefined, null],
    ['   ', 'US', null],
    [null, undefined, null],
    [undefined, undefined, null],
  ] as const)('%j (default %s) -> %j', (raw, country, expected) => {
    expect(normalizePhone(raw, country)).toBe(expected);
  });

  it.each([
    ['415 555 2671', undefined],
    ['12345', 'US'],
    ['+1 415 555', undefined],
    ['not a phone', 'US'],
    ['call +14155552671 today', undefined],
  ] as const)('rejects %j (default %s)', (raw, country) => {
    expect(() => normalizePhone(raw, country)).toThrow(InvalidPhoneNumberError);
    expect(isValidPhone(raw, country)).toBe(false);
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2_000_000, max: 9_999_999 }), (line) => {
        const e164 = normalizePhone(`+1 415 ${line}`);
        if (e164 !== null) expect(normalizePhone(e164)).toBe(e164);
      }),
    );
  });
});

describe('patientInputSchema', () => {
  it.each([[{ name: '' }], [{ name: '   ' }], [{}], [{ name: null }]])('requires a name: %j', (input) => {
    const result = patientInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Name required' });
  });

  it('stores blank optional fields as null and defaults status to active', () => {
    expect(
      patientInputSchema.parse({
        name: '  Ada Lovelace ',
        email: '',
        phone: ' ',
        procedure: '',
        comment: '',
      }),
    ).toEqual({
      name: 'Ada Lovelace',
      email: null,
      phone: null,
      procedure: null,
      comment: null,
      status: 'active',
    });
    expect(patientInputSchema.parse({ name: 'Ada' })).toEqual({
      name: 'Ada',
      email: null,
      phone: null,
      procedure: null,
      comment: null,
      status: 'active',
    });
  });

  it('keeps filled fields, trimmed, with the phone in E.164', () => {
    expect(
      patientInputSchema.parse({
        name: 'Ada',
        email: ' ada@example.com ',
        phone: '+1 415 555 2671',
        procedure: 'Root Canal',
        comment: ' follow up ',
        status: 'red',
      }),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      phone: '+14155552671',
      procedure: 'Root Canal',
      comment: 'follow up',
      status: 'red',
    });
  });

  it('reads national numbers with the clinic country', () => {
    const schema = createPatientInputSchema({ defaultCountry: 'TR' });
    expect(schema.parse({ name: 'Ayşe', phone: '0532 123 45 67' }).phone).toBe('+905321234567');
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['phone', { phone: '12' }, 'Please enter a valid phone number'],
    ['procedure', { procedure: 'Liposuction' }, 'Please choose a listed procedure'],
    ['status', { status: 'critical' }, undefined],
  ])('rejects a bad %s', (field, extra, message) => {
    const result = patientInputSchema.safeParse({ name: 'Ada', ...extra });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('makePatientId', () => {
  const now = new Date('2025-01-02T03:04:05.678Z');
  const base = `P-${now.getTime()}`;

  it.each([
    [undefined, base],
    [new Set<string>(), base],
    [new Set([base]), `${base}-2`],
    [new Set([base, `${base}-2`]), `${base}-3`],
    [new Set([`${base}-2`]), base],
  ])('with taken %j gives %s', (taken, expected) => {
    expect(makePatientId(now, taken)).toBe(expected);
  });

  it('rejects an invalid date', () => {
    expect(() => makePatientId(new Date('nope'))).toThrow(RangeError);
  });

  it('never returns a taken id and always starts with P-<timestamp>', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 42 }), fc.integer({ min: 0, max: 20 }), (ms, clashes) => {
        const prefix = `P-${ms}`;
        const taken = new Set([prefix, ...Array.from({ length: clashes }, (_, i) => `${prefix}-${i + 2}`)]);
        const id = makePatientId(new Date(ms), taken);
        expect(taken.has(id)).toBe(false);
        expect(id.startsWith(prefix)).toBe(true);
      }),
    );
  });
});

describe('patientIdAllocator', () => {
  const now = new Date('2025-01-02T03:04:05.678Z');
  const base = `P-${now.getTime()}`;

  it('gives 50,000 distinct ids for one instant, looking each candidate up once', () => {
    const taken = new Set([base, `${base}-3`]);
    let lookups = 0;
    const next = patientIdAllocator(now, {
      has: (id) => {
        lookups += 1;
        return taken.has(id);
      },
    });
    const ids = Array.from({ length: 50_000 }, () => next());
    expect(new Set(ids).size).toBe(50_000);
    expect(ids.some((id) => taken.has(id))).toBe(false);
    expect(ids.slice(0, 3)).toEqual([`${base}-2`, `${base}-4`, `${base}-5`]);
    // Linear, not quadratic: every candidate is tried once (the taken ones are skipped).
    expect(lookups).toBe(50_000 + taken.size);
  });

  it('starts with the plain id when it is free, as makePatientId does', () => {
    expect(patientIdAllocator(now, new Set())()).toBe(base);
  });
});
