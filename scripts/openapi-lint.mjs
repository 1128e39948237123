// Lints the public API's OpenAPI document with Redocly's recommended rules (redocly.yaml): any
// error or warning fails. @redocly/openapi-core is the lint engine of @redocly/cli alone, without
// the CLI's preview server and bundler (a fraction of the install).
import path from 'node:path';
import { formatProblems, lint, loadConfig } from '@redocly/openapi-core';

const root = path.resolve(import.meta.dirname, '..');
const document = path.join(root, 'packages/sdk/openapi/v1.json');
const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
const problems = await lint({ ref: document, config });
if (problems.length > 0) {
  formatProblems(problems, {
    format: 'stylish',
    totals: { errors: 0, warnings: 0, ignored: 0 },
    version: '',
  });
  console.error(
    `${path.relative(root, document)}: ${problems.length} problem(s) under Redocly's recommended rules`,
  );
  process.exit(1);
}
console.log(
  `${path.relative(root, document)}: valid under Redocly's recommended rules (0 errors, 0 warnings)`,
);
