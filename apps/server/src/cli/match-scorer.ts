import { type MatchStatus, matchStatuses } from '@careloop/domain/matching/index';

/** One line of truth.jsonl (the fields the metrics use). */
export type TruthLine = {
  review_id: string;
  expected_status: MatchStatus;
  patient_id: string | null;
  candidate_ids: string[];
  variant: string;
  author_patient_id: string | null;
};

/** One prediction line as the scorer reads it; `candidate_ids` is optional in the format. */
export type ScoredPrediction = {
  review_id: string;
  match_status: MatchStatus;
  patient_id: string | null;
  confidence: number;
  candidate_ids: string[] | null;
};

/** A predictions file the scorer must reject; `line` is 1-based. */
export class PredictionFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`predictions line ${line}: ${message}`);
    this.name = 'PredictionFormatError';
  }
}

const isStatus = (value: unknown): value is MatchStatus =>
  typeof value === 'string' && (matchStatuses as readonly string[]).includes(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parseJsonLine = (line: string, number: number, what: string): Record<string, unknown> => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new PredictionFormatError(`${what} is not valid JSON`, number);
  }
  if (!isObject(value)) throw new PredictionFormatError(`${what} is not a JSON object`, number);
  return value;
};

const nonEmptyLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line, at) => ({ line: line.trim(), number: at + 1 }))
    .filter(({ line }) => line.length > 0);

/** Reads truth.jsonl; throws on a line that lacks the fields the metrics need. */
export const parseTruth = (text: string): TruthLine[] =>
  nonEmptyLines(text).map(({ line, number }) => {
    const value = parseJsonLine(line, number, 'truth line');
    if (typeof value.review_id !== 'string' || !isStatus(value.expected_status)) {
      throw new Error(`truth line ${number}: review_id and a known expected_status are required`);
    }
    return {
      review_id: value.review_id,
      expected_status: value.expected_status,
      patient_id: typeof value.patient_id === 'string' ? value.patient_id : null,
      candidate_ids: Array.isArray(value.candidate_ids)
        ? value.candidate_ids.filter((id): id is string => typeof id === 'string')
        : [],
      variant: typeof value.variant === 'string' ? value.variant : 'unknown',
      author_patient_id: typeof value.author_patient_id === 'string' ? value.author_patient_id : null,
    };
  });

/**
 * Reads prediction lines, rejecting (with `PredictionFormatError`) lines that are not JSON
 * objects, lack a review_id, carry an unknown status, a `matched` line without a patient_id, a
 * confidence that is not a number in [0, 1], malformed candidate_ids, or a second line for the
 * same review. Lines for reviews not in `knownReviewIds` are skipped with a warning.
 */
export const parsePredictions = (
  text: string,
  knownReviewIds: ReadonlySet<string>,
): { predictions: Map<string, ScoredPrediction>; warnings: string[] } => {
  const predictions = new Map<string, ScoredPrediction>();
  const seen = new Set<string>();
  const warnings: string[] = [];
  for (const { line, number } of nonEmptyLines(text)) {
    const value = parseJsonLine(line, number, 'line');
    const reviewId = value.review_id;
    if (typeof reviewId !== 'string' || reviewId.length === 0) {
      throw new PredictionFormatError('review_id must be a non-empty string', number);
    }
    if (!isStatus(value.match_status)) {
      throw new PredictionFormatError(`unknown match_status ${JSON.stringify(value.match_status)}`, number);
    }
    const patientId = value.patient_id;
    if (value.match_status === 'matched' && (typeof patientId !== 'string' || patientId.length === 0)) {
      throw new PredictionFormatError('a matched line needs a non-empty patient_id', number);
    }
    const confidence = value.confidence;
    if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) {
      throw new PredictionFormatError('confidence must be a number in [0, 1]', number);
    }
    const candidates = value.candidate_ids;
    if (
      candidates !== undefined &&
      candidates !== null &&
      !(Array.isArray(candidates) && candidates.every((id) => typeof id === 'string'))
    ) {
      throw new PredictionFormatError('candidate_ids must be an array of strings', number);
    }
    if (seen.has(reviewId)) throw new PredictionFormatError(`second line for review ${reviewId}`, number);
    seen.add(reviewId);
    if (!knownReviewIds.has(reviewId)) {
      warnings.push(`predictions line ${number}: review ${reviewId} is not in the truth, ignored`);
      continue;
    }
    predictions.set(reviewId, {
      review_id: reviewId,
      match_status: value.match_status,
      patient_id: typeof patientId === 'string' && patientId.length > 0 ? patientId : null,
      confidence,
      candidate_ids: Array.isArray(candidates) ? (candidates as string[]) : null,
    });
  }
  return { predictions, warnings };
};

const confidenceThresholds = [0.5, 0.7, 0.8, 0.9, 0.95] as const;

type ThresholdRow = {
  threshold: number;
  kept: number;
  precision: number;
  recall: number;
  wrongPatient: number;
};

/** Reliability: matched predictions at confidence ≥ c, and the share of them that is correct. */
type ReliabilityRow = {
  threshold: number;
  kept: number;
  correct: number;
  share: number;
  holds: boolean;
};

const reliabilityThresholds = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99] as const;

type VariantRow = { variant: string; total: number; exact: number; accuracy: number };

export type MatchMetrics = {
  total: number;
  statusAccuracy: number;
  exactAccuracy: number;
  precision: number;
  recall: number;
  f1: number;
  predictedMatched: number;
  correctMatches: number;
  expectedMatched: number;
  wrongPatientCount: number;
  /** Wrong-patient matches over all reviews. */
  wrongPatientRate: number;
  /** Wrong-patient matches over the `matched` predictions. */
  wrongPatientShareOfMatched: number;
  multipleMatchesRecall: number;
  candidateCoverage: number;
  nonPatients: number;
  falseMatchRate: number;
  falseMatchOrMultipleRate: number;
  /** `confusion[expected][predicted]` counts. */
  confusion: Record<MatchStatus, Record<MatchStatus, number>>;
  variants: VariantRow[];
  thresholds: ThresholdRow[];
  reliability: ReliabilityRow[];
};

const ratio = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : numerator / denominator;

const missing = (reviewId: string): ScoredPrediction => ({
  review_id: reviewId,
  match_status: 'unmatched',
  patient_id: null,
  confidence: 0,
  candidate_ids: null,
});

const isCorrectMatch = (truth: TruthLine, prediction: ScoredPrediction): boolean =>
  prediction.match_status === 'matched' &&
  truth.expected_status === 'matched' &&
  prediction.patient_id === truth.patient_id;

const isExact = (truth: TruthLine, prediction: ScoredPrediction): boolean => {
  if (prediction.match_status !== truth.expected_status) return false;
  if (truth.expected_status === 'matched') return prediction.patient_id === truth.patient_id;
  if (truth.expected_status === 'multiple_matches' && prediction.candidate_ids) {
    return truth.patient_id !== null && prediction.candidate_ids.includes(truth.patient_id);
  }
  return true;
};

const isWrongPatient = (truth: TruthLine, prediction: ScoredPrediction): boolean =>
  prediction.match_status === 'matched' && prediction.patient_id !== truth.author_patient_id;

/** Every metric of the matching data set's README, for predictions against the truth. */
export const scorePredictions = (
  truth: readonly TruthLine[],
  predictions: ReadonlyMap<string, ScoredPrediction>,
): MatchMetrics => {
  const pairs = truth.map((line) => ({
    truth: line,
    prediction: predictions.get(line.review_id) ?? missing(line.review_id),
  }));
  const total = pairs.length;
  const count = (test: (pair: (typeof pairs)[number]) => boolean) => pairs.filter(test).length;

  const predictedMatched = count(({ prediction }) => prediction.match_status === 'matched');
  const expectedMatched = count(({ truth }) => truth.expected_status === 'matched');
  const correctMatches = count(({ truth, prediction }) => isCorrectMatch(truth, prediction));
  const precision = ratio(correctMatches, predictedMatched);
  const recall = ratio(correctMatches, expectedMatched);
  const wrongPatientCount = count(({ truth, prediction }) => isWrongPatient(truth, prediction));

  const expectedMultiple = pairs.filter(({ truth }) => truth.expected_status === 'multiple_matches');
  const multipleFound = expectedMultiple.filter(
    ({ truth, prediction }) =>
      prediction.match_status === 'multiple_matches' &&
      (prediction.candidate_ids === null ||
        (truth.patient_id !== null && prediction.candidate_ids.includes(truth.patient_id))),
  ).length;
  const coverageSum = expectedMultiple.reduce((sum, { truth, prediction }) => {
    const listed = new Set(prediction.candidate_ids ?? []);
    return sum + ratio(truth.candidate_ids.filter((id) => listed.has(id)).length, truth.candidate_ids.length);
  }, 0);

  const nonPatientPairs = pairs.filter(({ truth }) => truth.author_patient_id === null);
  const confusion = Object.fromEntries(
    matchStatuses.map((expected) => [
      expected,
      Object.fromEntries(
        matchStatuses.map((predicted) => [
          predicted,
          count(
            ({ truth, prediction }) =>
              truth.expected_status === expected && prediction.match_status === predicted,
          ),
        ]),
      ),
    ]),
  ) as Record<MatchStatus, Record<MatchStatus, number>>;

  const variantNames = [...new Set(truth.map((line) => line.variant))];
  const variants = variantNames.map((variant) => {
    const inVariant = pairs.filter(({ truth }) => truth.variant === variant);
    const exact = inVariant.filter(({ truth, prediction }) => isExact(truth, prediction)).length;
    return { variant, total: inVariant.length, exact, accuracy: ratio(exact, inVariant.length) };
  });

  const thresholds = confidenceThresholds.map((threshold) => {
    const kept = pairs.filter(
      ({ prediction }) => prediction.match_status === 'matched' && prediction.confidence >= threshold,
    );
    const correct = kept.filter(({ truth, prediction }) => isCorrectMatch(truth, prediction)).length;
    return {
      threshold,
      kept: kept.length,
      precision: ratio(correct, kept.length),
      recall: ratio(correct, expectedMatched),
      wrongPatient: kept.filter(({ truth, prediction }) => isWrongPatient(truth, prediction)).length,
    };
  });

  // Correct here means attached to the person who wrote it: the confidence is the probability of that.
  const reliability = reliabilityThresholds.map((threshold) => {
    const kept = pairs.filter(
      ({ prediction }) => prediction.match_status === 'matched' && prediction.confidence >= threshold,
    );
    const correct = kept.filter(({ truth, prediction }) => !isWrongPatient(truth, prediction)).length;
    const share = ratio(correct, kept.length);
    return { threshold, kept: kept.length, correct, share, holds: kept.length === 0 || share >= threshold };
  });

  return {
    total,
    statusAccuracy: ratio(
      count(({ truth, prediction }) => truth.expected_status === prediction.match_status),
      total,
    ),
    exactAccuracy: ratio(
      count(({ truth, prediction }) => isExact(truth, prediction)),
      total,
    ),
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    predictedMatched,
    correctMatches,
    expectedMatched,
    wrongPatientCount,
    wrongPatientRate: ratio(wrongPatientCount, total),
    wrongPatientShareOfMatched: ratio(wrongPatientCount, predictedMatched),
    multipleMatchesRecall: ratio(multipleFound, expectedMultiple.length),
    candidateCoverage: ratio(coverageSum, expectedMultiple.length),
    nonPatients: nonPatientPairs.length,
    falseMatchRate: ratio(
      nonPatientPairs.filter(({ prediction }) => prediction.match_status === 'matched').length,
      nonPatientPairs.length,
    ),
    falseMatchOrMultipleRate: ratio(
      nonPatientPairs.filter(({ prediction }) => prediction.match_status !== 'unmatched').length,
      nonPatientPairs.length,
    ),
    confusion,
    variants,
    thresholds,
    reliability,
  };
};

const fixed = (value: number): string => value.toFixed(4);

/** The last line of every report: `F1=<f> precision=<p> recall=<r> wrong_patient=<w>`. */
export const summaryLine = (metrics: MatchMetrics): string =>
  `F1=${fixed(metrics.f1)} precision=${fixed(metrics.precision)} recall=${fixed(metrics.recall)} wrong_patient=${fixed(metrics.wrongPatientRate)}`;

/** A plain-text report of every metric; the last line is `summaryLine`. */
export const formatReport = (metrics: MatchMetrics): string => {
  const lines: string[] = [];
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  lines.push(`reviews: ${metrics.total}`);
  lines.push(`status accuracy: ${fixed(metrics.statusAccuracy)}`);
  lines.push(`exact accuracy: ${fixed(metrics.exactAccuracy)}`);
  lines.push(
    `matched: precision ${fixed(metrics.precision)} recall ${fixed(metrics.recall)} F1 ${fixed(metrics.f1)}` +
      ` (correct ${metrics.correctMatches}, predicted ${metrics.predictedMatched}, expected ${metrics.expectedMatched})`,
  );
  lines.push(
    `wrong patient: ${metrics.wrongPatientCount} (${fixed(metrics.wrongPatientRate)} of reviews,` +
      ` ${fixed(metrics.wrongPatientShareOfMatched)} of matched predictions)`,
  );
  lines.push(
    `multiple_matches: recall ${fixed(metrics.multipleMatchesRecall)}, candidate coverage ${fixed(metrics.candidateCoverage)}`,
  );
  lines.push(
    `non-patients (${metrics.nonPatients}): predicted matched ${fixed(metrics.falseMatchRate)},` +
      ` matched or multiple_matches ${fixed(metrics.falseMatchOrMultipleRate)}`,
  );
  lines.push('');
  lines.push('per-variant exact accuracy:');
  const variantWidth = Math.max(8, ...metrics.variants.map((row) => row.variant.length));
  for (const row of metrics.variants) {
    lines.push(
      `  ${row.variant.padEnd(variantWidth)} ${pad(row.exact, 4)}/${pad(row.total, 4)}  ${fixed(row.accuracy)}`,
    );
  }
  lines.push('');
  lines.push('confusion (rows expected, columns predicted):');
  const statusWidth = Math.max(...matchStatuses.map((status) => status.length));
  lines.push(
    `  ${''.padEnd(statusWidth)} ${matchStatuses.map((status) => pad(status, statusWidth)).join(' ')}`,
  );
  for (const expected of matchStatuses) {
    const cells = matchStatuses.map((predicted) => pad(metrics.confusion[expected][predicted], statusWidth));
    lines.push(`  ${expected.padEnd(statusWidth)} ${cells.join(' ')}`);
  }
  lines.push('');
  lines.push('matched predictions kept at confidence >= threshold:');
  lines.push('  threshold  kept  precision  recall  wrong_patient');
  for (const row of metrics.thresholds) {
    lines.push(
      `  ${pad(row.threshold.toFixed(2), 9)} ${pad(row.kept, 5)} ${pad(fixed(row.precision), 10)} ${pad(fixed(row.recall), 7)} ${pad(row.wrongPatient, 14)}`,
    );
  }
  lines.push('');
  lines.push(
    'reliability (matched predictions at confidence >= c: share attached to their author, which should be >= c):',
  );
  lines.push('      c   kept  correct   share  holds');
  for (const row of metrics.reliability) {
    lines.push(
      `  ${pad(row.threshold.toFixed(2), 5)} ${pad(row.kept, 6)} ${pad(row.correct, 8)} ${pad(fixed(row.share), 7)}  ${row.holds ? 'yes' : 'NO'}`,
    );
  }
  lines.push('');
  lines.push(summaryLine(metrics));
  return lines.join('\n');
};
