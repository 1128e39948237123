import { apiFetch } from '../../../lib/api-client';

type Readiness = { status: 'ready' | 'not_ready'; checks?: { database?: boolean } };

/** GET /api/ready: System Test's connectivity check (the database answers). */
export function checkConnectivity() {
  return apiFetch<Readiness>('/api/ready');
}
