import type { ApiScope } from '@careloop/contracts/api-clients';

export type ApiClientDraft = { name: string; scopes: readonly ApiScope[] };

/** The new-client form's errors, as i18n keys of the `settings` namespace. */
export function validateApiClientDraft(draft: ApiClientDraft): { name?: string; scopes?: string } {
  const errors: { name?: string; scopes?: string } = {};
  const name = draft.name.trim();
  if (name.length === 0) errors.name = 'api.errors.nameRequired';
  else if (name.length > 100) errors.name = 'api.errors.nameTooLong';
  if (draft.scopes.length === 0) errors.scopes = 'api.errors.scopesRequired';
  return errors;
}
