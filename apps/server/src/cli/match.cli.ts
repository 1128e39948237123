import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { predictReviews, readPatientsCsv, readReviewsJsonl } from './match-data';

// npm run match -- --patients <patients.csv> --reviews <reviews.jsonl>
// Prints one prediction per review as a JSON line (the matching data set's prediction format).
const main = () => {
  const { values } = parseArgs({
    options: { patients: { type: 'string' }, reviews: { type: 'string' } },
    strict: true,
  });
  if (!values.patients || !values.reviews) {
    process.stderr.write('usage: npm run match -- --patients <patients.csv> --reviews <reviews.jsonl>\n');
    process.exit(2);
  }
  const patients = readPatientsCsv(readFileSync(values.patients, 'utf8'));
  const reviews = readReviewsJsonl(readFileSync(values.reviews, 'utf8'));
  const lines = predictReviews(patients, reviews).map((prediction) => JSON.stringify(prediction));
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
};

try {
  main();
} catch (error) {
  process.stderr.write(`match: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
