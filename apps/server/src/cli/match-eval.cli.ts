import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { predictReviews, readPatientsCsv, readReviewsJsonl } from './match-data';
import {
  formatReport,
  PredictionFormatError,
  parsePredictions,
  parseTruth,
  scorePredictions,
} from './match-scorer';

// npm run match:eval [-- --dir <data set dir>] [-- --predictions <predictions.jsonl>]
// Runs the matching engine on the development set (or reads a predictions file) and prints every
// metric of the data set's README; the last line is the F1 summary.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const main = (): number => {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, predictions: { type: 'string' } },
    strict: true,
  });
  const dir = resolve(values.dir ?? join(repoRoot, '../shared/data/matching/dev'));
  const truth = parseTruth(readFileSync(join(dir, 'truth.jsonl'), 'utf8'));

  let predictionLines: string;
  if (values.predictions) {
    predictionLines = readFileSync(values.predictions, 'utf8');
  } else {
    const patients = readPatientsCsv(readFileSync(join(dir, 'patients.csv'), 'utf8'));
    const reviews = readReviewsJsonl(readFileSync(join(dir, 'reviews.jsonl'), 'utf8'));
    const started = performance.now();
    const predictions = predictReviews(patients, reviews);
    const elapsed = performance.now() - started;
    process.stdout.write(`engine: ${reviews.length} reviews in ${elapsed.toFixed(0)} ms (${dir})\n`);
    predictionLines = predictions.map((prediction) => JSON.stringify(prediction)).join('\n');
  }

  try {
    const known = new Set(truth.map((line) => line.review_id));
    const { predictions, warnings } = parsePredictions(predictionLines, known);
    for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
    process.stdout.write(`${formatReport(scorePredictions(truth, predictions))}\n`);
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
