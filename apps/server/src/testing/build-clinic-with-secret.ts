import { randomBytes } from 'node:crypto';
import { buildPatient } from './build-patient';
import { buildClinic, jsonHeaders } from './build-user';
import type { TestApp } from './test-app';

/** A clinic with patients and one secret saved through the vault's route, as the operator's data would be. */
export async function buildClinicWithSecret(t: TestApp, patients = 3) {
  const { clinicId, owner } = await buildClinic(t);
  for (let i = 0; i < patients; i++) await buildPatient(t, clinicId, { name: `Patient ${i}` });
  const secret = { name: `TWILIO_AUTH_TOKEN_${clinicId}`, value: `tok-${randomBytes(12).toString('hex')}` };
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers: jsonHeaders({ cookie: owner.cookie }),
    payload: secret,
  });
  if (saved.statusCode !== 201)
    throw new Error(`saving the secret failed: ${saved.statusCode} ${saved.body}`);
  return { clinicId, owner, secret };
}
