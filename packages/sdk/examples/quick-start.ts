import { CareLoop } from '@careloop/sdk';

/**
 * The README's quick start: a patient from your practice system with the day of their treatment (a
 * date in the clinic's time zone: follow-ups count from it), then the clinic's Trustpilot reviews.
 */
export async function quickStart(baseUrl: string, clientId: string, clientSecret: string) {
  const careloop = new CareLoop({ baseUrl, clientId, clientSecret });

  const patient = await careloop.patients.create(
    {
      name: 'Maria Santos',
      email: 'maria@example.com',
      phone: '+34600000000',
      procedure: 'Dental Implant',
      procedure_date: '2026-03-02',
      language: 'es',
    },
    { idempotencyKey: 'pms-patient-4711' }, // sent again after a time-out, it creates no second patient
  );
  const reviews = await careloop.reviews.list({ platform: 'trustpilot', limit: 10 });

  return { patient, reviews };
}
