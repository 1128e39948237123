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

/**
 * Opts every patient of the clinic on this phone number out of one channel: a STOP, or a provider's
 * refusal, is the number's owner speaking, and a family sharing one phone would otherwise go on
 * being written to on it through the other patients' records. The ids that changed (an opted-out
 * patient stays opted out at the first time): a second STOP changes nothing.
 */
export async function optOutNumber(
  db: Database,
  clinicId: string,
  phone: string,
  channel: InboundChannel,
  source: 'patient_reply' | 'provider',
  at: Date,
): Promise<string[]> {
  const column = optOutColumns[channel];
  const rows = await db
    .update(patients)
    .set({ [column.atKey]: at, [column.source]: source, updatedAt: sql`now()` })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.phone, phone), isNull(column.at)))
    .returning({ id: patients.id });
  return rows.map((row) => row.id);
}

/**
 * A provider's opt-out learnt from a message to this patient: the patient and everyone else on
 * the patient's number (optOutNumber). The ids that changed.
 */
export async function optOutPatientAndNumber(
  db: Database,
  clinicId: string,
  patientId: string,
  channel: InboundChannel,
  at: Date,
): Promise<string[]> {
  const column = optOutColumns[channel];
  const numberOf = db
    .select({ phone: patients.phone })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)));
  const rows = await db
    .update(patients)
    .set({ [column.atKey]: at, [column.source]: 'provider', updatedAt: sql`now()` })
    .where(
      and(
        eq(patients.clinicId, clinicId),
        or(eq(patients.id, patientId), inArray(patients.phone, numberOf)),
        isNull(column.at),
      ),
    )
    .returning({ id: patients.id });
  return rows.map((row) => row.id);
}

/** Lifts the opt-out of one channel for every patient on this number (START). The ids that changed. */
export async function optInNumber(
  db: Database,
  clinicId: string,
  phone: string,
  channel: InboundChannel,
): Promise<string[]> {
  const column = optOutColumns[channel];
  const rows = await db
    .update(patients)
    .set({ [column.atKey]: null, [column.source]: null, updatedAt: sql`now()` })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.phone, phone), isNotNull(column.at)))
    .returning({ id: patients.id });
  return rows.map((row) => row.id);
}

/**
 * Marketing consent from the patient's own opt-in keyword: granted now, source `keyword`, recorded
 * by nobody on the staff. True only when it changed (a patient who had consented already keeps the
 * first record, and gets no second confirmation).
 */
export async function grantMarketingConsentByKeyword(
  db: Database,
  clinicId: string,
  patientId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(patients)
    .set({
      marketingConsent: 'granted',
      marketingConsentAt: at,
      marketingConsentSource: 'keyword',
      marketingConsentRecordedBy: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(patients.clinicId, clinicId),
        eq(patients.id, patientId),
        or(isNull(patients.marketingConsent), ne(patients.marketingConsent, 'granted')),
      ),
    )
    .returning({ id: patients.id });
  return rows.length > 0;
}

/**
 * The patient's own word withdrawing marketing consent ("stop offers"): withdrawn now, source
 * `keyword`, recorded by nobody on the staff; a patient who never decided has the refusal recorded
 * too. True only when it changed. The channel stays open for care messages.
 */
export async function withdrawMarketingConsentByKeyword(
  db: Database,
  clinicId: string,
  patientId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(patients)
    .set({
      marketingConsent: 'withdrawn',
      marketingConsentAt: at,
      marketingConsentSource: 'keyword',
      marketingConsentRecordedBy: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(patients.clinicId, clinicId),
        eq(patients.id, patientId),
        or(isNull(patients.marketingConsent), ne(patients.marketingConsent, 'withdrawn')),
      ),
    )
    .returning({ id: patients.id });
  return rows.length > 0;
}
