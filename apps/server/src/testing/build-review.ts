import { randomBytes } from 'node:crypto';
import type { ReviewMatchStatus } from '@careloop/domain/review-rules';
import { patients, reviews } from '../db/schema';
import { newId } from '../lib/ids';
import { buildClinic } from './build-user';
import type { TestApp } from './test-app';

export type BuildReviewOptions = {
  /** The clinic to add to; without it a new clinic (with a signed-in owner) is built. */
  clinicId?: string;
  rating?: number;
  title?: string | null;
  reviewText?: string | null;
  reviewerName?: string | null;
  reviewDate?: Date;
  matchStatus?: ReviewMatchStatus;
  matchConfidence?: number | null;
  /** Matches the review to a new patient of this name (match status `matched`). */
  patientName?: string;
  patientId?: string | null;
  provider?: 'trustpilot' | 'google';
};

/** A patient row for review and case tests, read-only for these modules. */
export async function buildPatientRow(t: TestApp, clinicId: string, name = 'Ana Ruiz') {
  const id = `P-${Date.now()}-${randomBytes(3).toString('hex')}`;
  await t.db.insert(patients).values({ clinicId, id, name });
  return { id, name };
}

/** A review (and its clinic and matched patient when asked), stored directly. */
export async function buildReview(t: TestApp, options: BuildReviewOptions = {}) {
  const clinic = options.clinicId ? null : await buildClinic(t);
  const clinicId = options.clinicId ?? clinic!.clinicId;
  const patient = options.patientName ? await buildPatientRow(t, clinicId, options.patientName) : null;
  const patientId = patient?.id ?? options.patientId ?? null;
  const [review] = await t.db
    .insert(reviews)
    .values({
      clinicId,
      id: newId('rev'),
      provider: options.provider ?? 'trustpilot',
      providerReviewId: randomBytes(8).toString('hex'),
      patientId,
      rating: options.rating ?? 2,
      title: options.title === undefined ? 'Disappointed with aftercare' : options.title,
      reviewText:
        options.reviewText === undefined ? 'Nobody called me back after the procedure.' : options.reviewText,
      reviewerName: options.reviewerName === undefined ? 'Ana R.' : options.reviewerName,
      reviewDate: options.reviewDate ?? new Date(),
      matchStatus: options.matchStatus ?? (patientId ? 'matched' : 'unmatched'),
      matchConfidence: options.matchConfidence ?? (patientId ? 0.92 : null),
    })
    .returning();
  return { clinicId, clinic, patient, review: review! };
}
