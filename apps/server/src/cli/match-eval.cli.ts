import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { MatchPatient } from '@careloop/domain/matching/index';
import { type ClinicReview, predictReviews, readPatientsCsv, readReviewsJsonl } from './match-data';
import { generateMatchingSet } from './match-generated-set';
import {
  formatReport,
  PredictionFormatError,
  parsePredictions,
  parseTruth,
  scorePredictions,
  type TruthLine,
} from './match-scorer';

// npm run match:eval [-- --dir <data set dir>] [-- --predictions <predictions.jsonl>] [-- --seed <n>]
// Runs the matching engine on the generated set (seeded, `match-generated-set.ts`) and on the
// development set (or scores a predictions file against it), and prints every metric of the
// data set's README plus the reliability table for each; the last line is the development set's
// F1 summary.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const defaultDevDir = (): string => {
  const besideRepo = join(repoRoot, '../shared/data/matching/dev');
  return existsSync(besideRepo) ? besideRepo : '/work/shared/data/matching/dev';
};

const printScored = (title: string, truth: readonly TruthLine[], predictionLines: string): void => {
  const known = new Set(truth.map((line) => line.review_id));
  const { predictions, warnings } = parsePredictions(predictionLines, known);
  for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
  process.stdout.write(`== ${title}\n${formatReport(scorePredictions(truth, predictions))}\n\n`);
};

const timed = (patients: Map<string, MatchPatient[]>, reviews: readonly ClinicReview[], label: string) => {
  const started = performance.now();
  const predictions = predictReviews(patients, reviews);
  const elapsed = performance.now() - started;
  process.stdout.write(`engine: ${reviews.length} reviews in ${elapsed.toFixed(0)} ms (${label})\n`);
  const matched = predictions.filter((prediction) => prediction.match_status === 'matched');
  const flagged = matched.filter((prediction) => prediction.needs_review).length;
  process.stdout.write(
    `needs staff review: ${flagged} of ${matched.length} matched (${(flagged / Math.max(1, matched.length)).toFixed(4)}), trusted ${matched.length - flagged}\n`,
  );
  return predictions.map((prediction) => JSON.stringify(prediction)).join('\n');
};

const main = (): number => {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, predictions: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  });
  const dir = resolve(values.dir ?? defaultDevDir());
  const truth = parseTruth(readFileSync(join(dir, 'truth.jsonl'), 'utf8'));

  try {
    if (!values.predictions) {
      const generated = generateMatchingSet(values.seed ? { seed: Number(values.seed) } : {});
      const lines = timed(generated.patients, generated.reviews, 'generated set');
      printScored(`generated set (seed ${values.seed ?? 'default'})`, generated.truth, lines);
    }
    let predictionLines: string;
    if (values.predictions) {
      predictionLines = readFileSync(values.predictions, 'utf8');
    } else {
      const patients = readPatientsCsv(readFileSync(join(dir, 'patients.csv'), 'utf8'));
      const reviews = readReviewsJsonl(readFileSync(join(dir, 'reviews.jsonl'), 'utf8'));
      predictionLines = timed(patients, reviews, dir);
    }
    printScored(`development set (${dir})`, truth, predictionLines);
    return 0;
  } catch (error) {
    if (error instanceof PredictionFormatError) {
      process.stderr.write(`rejected: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
};

try {
  process.exitCode = main();
} catch (error) {
  // A missing file or a malformed data set: say what, without a stack trace.
  process.stderr.write(`match:eval: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
