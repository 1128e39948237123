import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClinicWithSecret } from '../../testing/build-clinic-with-secret';
import { buildClinic } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { smsSecretNames } from '../settings/channel-secrets';
import { requireClinicAndWebhookSecret, WebhookRefused } from './webhook-clinic';

// The clinic a signed webhook names and its signing secret, read in one statement.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const deps = () => ({ ...t.deps, log: t.app.log });

describe('requireClinicAndWebhookSecret', () => {
  it('answers the clinic and the secret it saved, opened', async () => {
    const { clinicId, secret } = await buildClinicWithSecret(t, 0);
    const found = await requireClinicAndWebhookSecret(deps(), clinicId, secret.name, 'twilioAuthToken');
    expect(found.clinic.id).toBe(clinicId);
    expect(found.secret).toBe(secret.value);
  });

  it('answers no secret for a clinic that saved none (outside sandbox mode), and never another clinic’s', async () => {
    const other = await buildClinicWithSecret(t, 0);
    const { clinicId } = await buildClinic(t);
    // The other clinic's row under this clinic's name for it is not this clinic's secret.
    const found = await requireClinicAndWebhookSecret(deps(), clinicId, other.secret.name, 'twilioAuthToken');
    expect(found.clinic.id).toBe(clinicId);
    expect(found.secret).toBe('');
    const own = await requireClinicAndWebhookSecret(
      deps(),
      clinicId,
      smsSecretNames('twilio', clinicId).authToken,
      'twilioAuthToken',
    );
    expect(own.secret).toBe('');
  });

  it('refuses an unknown clinic like a wrong signature (403)', async () => {
    const refused = await requireClinicAndWebhookSecret(
      deps(),
      'clinic_unknown',
      'ANY',
      'twilioAuthToken',
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WebhookRefused);
    expect((refused as WebhookRefused).statusCode).toBe(403);
  });
});
