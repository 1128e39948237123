import { describe, expect, it } from 'vitest';
import { validateApiClientDraft } from './api-clients.utils';

describe('validateApiClientDraft', () => {
  it.each([
    [{ name: 'PMS', scopes: ['patients:read'] as const }, {}],
    [{ name: '   ', scopes: ['patients:read'] as const }, { name: 'api.errors.nameRequired' }],
    [{ name: 'x'.repeat(101), scopes: ['patients:read'] as const }, { name: 'api.errors.nameTooLong' }],
    [{ name: 'PMS', scopes: [] as const }, { scopes: 'api.errors.scopesRequired' }],
    [
      { name: '', scopes: [] as const },
      { name: 'api.errors.nameRequired', scopes: 'api.errors.scopesRequired' },
    ],
  ])('%j -> %j', (draft, expected) => {
    expect(validateApiClientDraft(draft)).toEqual(expected);
  });
});
