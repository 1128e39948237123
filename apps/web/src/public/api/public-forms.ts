import type {
  EnterpriseContactBody,
  PublicFormBodies,
  PublicFormKind,
} from '@careloop/contracts/public-site';
import { apiFetch } from '../../lib/api-client';

export function submitEnterpriseContact(body: EnterpriseContactBody) {
  return apiFetch<{ accepted: true }>('/api/enterprise-contact-requests', { method: 'POST', body });
}

export function submitPublicForm<K extends PublicFormKind>(kind: K, body: PublicFormBodies[K]) {
  return apiFetch<{ accepted: true }>(`/api/public-forms/${kind}`, { method: 'POST', body });
}

/** The form's fields as strings, with blank ones left out (the server treats absent as not given). */
export function readForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') values[name] = value;
  }
  return values;
}
