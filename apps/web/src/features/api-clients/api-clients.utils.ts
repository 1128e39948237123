import type { ApiScope } from '@careloop/contracts/api-clients';
import type { ParseKeys } from 'i18next';

export type ApiClientDraft = { name: string; scopes: readonly ApiScope[] };

type DraftErrors = { name?: ParseKeys<'settings'>; scopes?: ParseKeys<'settings'> };

/** The new-client form's errors, as i18n keys of the `settings` namespace. */
export function validateApiClientDraft(draft: ApiClientDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = draft.name.trim();
  if (name.length === 0) errors.name = 'api.errors.nameRequired';
  else if (name.length > 100) errors.name = 'api.errors.nameTooLong';
  if (draft.scopes.length === 0) errors.scopes = 'api.errors.scopesRequired';
  return errors;
}
