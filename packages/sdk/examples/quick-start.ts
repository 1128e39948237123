import { CareLoop } from '@careloop/sdk';

/** The README's quick start: a patient from your practice system, then the clinic's Trustpilot reviews. */
export async function quickStart(baseUrl: string, clientId: string, clientSecret: string) {
  const careloop = new CareLoop({ baseUrl, clientId, clientSecret });

  const patient = await careloop.patients.create(
    { name: 'Maria Santos', email: 'maria@example.com', phone: '+34600000000' },
    { idempotencyKey: 'pms-patient-4711' }, // sent again after a time-out, it creates no second patient
  );
  const reviews = await careloop.reviews.list({ platform: 'trustpilot', limit: 10 });

  return { patient, reviews };
}
