import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema';
import type { InboundChannel } from './inbound.repository';

// The patient's consent as a reply or a provider changes it: the channels' opt-outs, which speak for
// a phone number, and marketing consent, which is the patient's own.

const optOutColumns = {
  sms: { at: patients.smsOptedOutAt, source: 'smsOptOutSource', atKey: 'smsOptedOutAt' },
  whatsapp: { at: patients.whatsappOptedOutAt, source: 'whatsappOptOutSource', atKey: 'whatsappOptedOutAt' },
} as const;

/** The patient and every other patient of the clinic on the patient's phone number. */
function patientAndNumber(db: Database, clinicId: string, patientId: string) {
  const numberOf = db
    .select({ phone: patients.phone })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)));
  return and(
    eq(patients.clinicId, clinicId),
    or(eq(patients.id, patientId), inArray(patients.phone, numberOf)),
  );
}

/**
 * Opts the patient out of one channel, and everyone else of the clinic on the patient's number: a
 * STOP, or a provider's refusal, is the number's owner speaking, and a family sharing one phone would
 * otherwise go on being written to on it through the other patients' records. The ids that changed
 * (an opted-out patient stays opted out at the first time): a second STOP changes nothing.
 */
export async function optOutPatientAndNumber(
  db: Database,
  clinicId: string,
  patientId: string,
  channel: InboundChannel,
  source: 'patient_reply' | 'provider',
  at: Date,
): Promise<string[]> {
  const column = optOutColumns[channel];
  const rows = await db
    .update(patients)
    .set({ [column.atKey]: at, [column.source]: source, updatedAt: sql`now()` })
    .where(and(patientAndNumber(db, clinicId, patientId), isNull(column.at)))
    .returning({ id: patients.id });
  return rows.map((row) => row.id);
}

/** Lifts the opt-out of one channel for the patient and everyone on the patient's number (START). The ids that changed. */
export async function optInPatientAndNumber(
  db: Database,
  clinicId: string,
  patientId: string,
  channel: InboundChannel,
): Promise<string[]> {
  const column = optOutColumns[channel];
  const rows = await db
    .update(patients)
    .set({ [column.atKey]: null, [column.source]: null, updatedAt: sql`now()` })
    .where(and(patientAndNumber(db, clinicId, patientId), isNotNull(column.at)))
    .returning({ id: patients.id });
  return rows.map((row) => row.id);
}

/**
 * Marketing consent from the patient's own keyword: granted (OFFERS) or withdrawn ("stop offers")
 * now, source `keyword`, recorded by nobody on the staff; a patient who never decided has the
 * decision recorded too. True only when it changed (a repeated word keeps the first record and gets
 * no second confirmation). Marketing consent is the patient's own, not the number's; the channel
 * stays as it is.
 */
export async function setMarketingConsentByKeyword(
  db: Database,
  clinicId: string,
  patientId: string,
  state: 'granted' | 'withdrawn',
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(patients)
    .set({
      marketingConsent: state,
      marketingConsentAt: at,
      marketingConsentSource: 'keyword',
      marketingConsentRecordedBy: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(patients.clinicId, clinicId),
        eq(patients.id, patientId),
        or(isNull(patients.marketingConsent), ne(patients.marketingConsent, state)),
      ),
    )
    .returning({ id: patients.id });
  return rows.length > 0;
}
