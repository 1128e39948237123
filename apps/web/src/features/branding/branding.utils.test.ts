import { brandColorMessages } from '@careloop/domain/branding/brand-color';
import { logoMessages } from '@careloop/domain/branding/logo-image';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { checkBrandColor, logoFileProblem, refusalMessage } from './branding.utils';

describe('logoFileProblem', () => {
  it.each([
    [{ size: 10_000, type: 'image/png' }, null],
    [{ size: 10_000, type: '' }, null],
    [{ size: 300 * 1024 + 1, type: 'image/png' }, logoMessages.size],
    [{ size: 5 * 1024 * 1024, type: 'image/jpeg' }, logoMessages.size],
    [{ size: 2_000, type: 'image/svg+xml' }, logoMessages.type],
    [{ size: 0, type: 'image/png' }, logoMessages.empty],
  ])('%j -> %j', (file, problem) => {
    expect(logoFileProblem(file)).toEqual(problem);
  });
});

describe('checkBrandColor', () => {
  it.each([
    ['', { ok: true, color: null }],
    ['#1D4ED8', { ok: true, color: '#1d4ed8' }],
    ['#ffff00', { ok: false, problem: brandColorMessages.contrast }],
    ['blue', { ok: false, problem: brandColorMessages.format }],
  ])('%s -> %j', (value, result) => {
    expect(checkBrandColor(value)).toEqual(result);
  });
});

describe('refusalMessage', () => {
  it('reads the key and message of the first detail', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'x', [{ field: 'logo', ...logoMessages.type }]);
    expect(refusalMessage(error)).toEqual(logoMessages.type);
    expect(refusalMessage(new ApiError(500, 'INTERNAL', 'x'))).toBeNull();
  });
});
