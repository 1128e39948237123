import type {
  ReviewMatchChange,
  ReviewMatchDecision,
  ReviewMatchDetail,
} from '@careloop/contracts/review-matches';
import { matchReview, needsStaffReview } from '@careloop/domain/matching/index';
import type { ReviewMatchStatus } from '@careloop/domain/review-rules';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { recordReviewerAlias } from '../patient-aliases/patient-aliases.service';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import {
  findPatientsByIds,
  findReviewMatchRow,
  listReviewActions,
  type ReviewMatchRow,
  updateReviewMatch,
} from './ingestion.repository';
import { loadMatchPatients } from './match-patients';

type Deps = Pick<AppDeps, 'db'>;

/** user_actions.action of every staff change to a review's match. */
export const reviewMatchChangedAction = 'review_match_changed';

type MatchState = ReviewMatchChange['from'];

const stateOf = (row: ReviewMatchRow): MatchState => ({
  matchStatus: row.matchStatus as ReviewMatchStatus,
  patientId: row.patientId,
  matchConfidence: row.matchConfidence,
});

const reviewNotFound = () => notFound('Review');

function toChange(row: Awaited<ReturnType<typeof listReviewActions>>[number]): ReviewMatchChange {
  const context = (row.context ?? {}) as {
    decision?: ReviewMatchDecision;
    from?: MatchState;
    to?: MatchState;
  };
  const empty: MatchState = { matchStatus: 'unmatched', patientId: null, matchConfidence: null };
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    by: row.userId ? { id: row.userId, name: row.userName ?? '' } : null,
    decision: context.decision ?? 'match',
    from: context.from ?? empty,
    to: context.to ?? empty,
  };
}

/** The review's match with the engine's candidates (recomputed on current patients) and its history. */
export async function getReviewMatch(
  deps: Deps,
  ctx: ClinicContext,
  reviewId: string,
): Promise<ReviewMatchDetail> {
  const row = await findReviewMatchRow(deps.db, ctx.clinicId, reviewId);
  if (!row) throw reviewNotFound();
  const history = (await listReviewActions(deps.db, ctx.clinicId, reviewId, reviewMatchChangedAction)).map(
    toChange,
  );
  const suggestion = matchReview(
    {
      id: row.id,
      reviewerName: row.reviewerName ?? '',
      title: row.title,
      text: row.reviewText,
      reviewDate: row.reviewDate.toISOString(),
      language: row.language,
    },
    await loadMatchPatients(deps.db, ctx.clinicId),
  );
  const candidateIds =
    suggestion.status === 'matched' && suggestion.patientId
      ? [suggestion.patientId]
      : suggestion.candidateIds;
  const candidates = (await findPatientsByIds(deps.db, ctx.clinicId, candidateIds))
    .map((p) => ({
      id: p.id,
      name: p.name,
      procedure: p.procedure,
      procedureDate: p.procedureDate?.toISOString().slice(0, 10) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const decidedBy = history.length > 0 ? 'staff' : 'engine';
  // The engine's evidence for the stored patient, recomputed on the clinic's current patients.
  const agrees =
    row.matchStatus === 'matched' &&
    suggestion.status === 'matched' &&
    suggestion.patientId === row.patientId;
  // Unsure: several candidates, weak or unconfident evidence (the domain's review rule), or a
  // stored match the engine no longer reaches (patients changed since).
  // An unmatched review whose reviewer wrote out one patient's whole name outside the date window
  // is offered to staff with that patient rather than left unnoticed.
  const offered = row.matchStatus === 'unmatched' && needsStaffReview(suggestion);
  const isUnsure =
    row.matchStatus === 'multiple_matches' ||
    offered ||
    (row.matchStatus === 'matched' && (!agrees || needsStaffReview(suggestion)));
  return {
    reviewId: row.id,
    matchStatus: row.matchStatus as ReviewMatchStatus,
    matchConfidence: row.matchConfidence,
    patient: row.patientId ? { id: row.patientId, name: row.patientName ?? '' } : null,
    decidedBy,
    needsReview: decidedBy === 'engine' && isUnsure,
    evidence: agrees || offered ? suggestion.evidence : [],
    candidates,
    history,
  };
}

async function changeMatch(
  deps: Deps,
  ctx: ClinicContext,
  reviewId: string,
  to: MatchState,
  decisionFor: (from: MatchState) => ReviewMatchDecision,
) {
  await deps.db.transaction(async (tx) => {
    // Locked so two staff members deciding at once each record the state they really replaced.
    const row = await findReviewMatchRow(tx, ctx.clinicId, reviewId, { forUpdate: true });
    if (!row) throw reviewNotFound();
    const from = stateOf(row);
    await updateReviewMatch(tx, ctx.clinicId, reviewId, to);
    // Staff tied this reviewer name to the patient: later reviews under it match them first.
    if (to.patientId) {
      if (from.patientId !== to.patientId || from.matchStatus !== 'matched') {
        await emitWebhookEvents(tx, ctx.clinicId, [
          {
            type: 'patient.matched',
            data: { patient_id: to.patientId, review_id: reviewId, confidence: to.matchConfidence ?? 1 },
          },
        ]);
      }
      await recordReviewerAlias(tx, ctx, {
        patientId: to.patientId,
        reviewerName: row.reviewerName,
        reviewId,
      });
    }
    await recordUserAction(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: reviewMatchChangedAction,
      url: `/reviews/${reviewId}`,
      context: { reviewId, decision: decisionFor(from), from, to },
    });
  });
  return getReviewMatch(deps, ctx, reviewId);
}

/** Staff confirm the engine's patient or pick another one of this clinic's patients. */
export async function setReviewMatch(deps: Deps, ctx: ClinicContext, reviewId: string, patientId: string) {
  if (!(await findReviewMatchRow(deps.db, ctx.clinicId, reviewId))) throw reviewNotFound();
  const [patient] = await findPatientsByIds(deps.db, ctx.clinicId, [patientId]);
  if (!patient) {
    throw badRequest('The request is not valid', [{ field: 'patientId', message: 'Patient not found' }]);
  }
  return changeMatch(
    deps,
    ctx,
    reviewId,
    { matchStatus: 'matched', patientId, matchConfidence: 1 },
    (from) => (from.matchStatus === 'matched' && from.patientId === patientId ? 'confirm' : 'match'),
  );
}

/** Staff say the review is by none of the clinic's patients (or that they cannot tell). */
export function clearReviewMatch(deps: Deps, ctx: ClinicContext, reviewId: string) {
  return changeMatch(
    deps,
    ctx,
    reviewId,
    { matchStatus: 'unmatched', patientId: null, matchConfidence: null },
    () => 'unmatch',
  );
}
