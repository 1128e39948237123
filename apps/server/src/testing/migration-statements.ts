import { readFileSync } from 'node:fs';

/**
 * A migration's statements as the migrator runs them (split at its breakpoints, comment lines
 * left out), for tests that run a data migration again over rows written the old way.
 */
export function migrationStatements(file: string): string[] {
  return readFileSync(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    );
}
