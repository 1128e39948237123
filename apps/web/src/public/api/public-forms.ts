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
