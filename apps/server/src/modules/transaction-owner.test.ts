import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Services own transactions and hand the transaction to repositories; a repository never opens one
// (ADR 015). The repositories below still do and are to follow: remove a line when its file is done.
const toFollow = new Set([
  'api-clients/api-clients.repository.ts',
  'automation/automation.repository.ts',
  'billing/billing.repository.ts',
]);

const serverSource = path.resolve(import.meta.dirname, '..');

function repositoryFiles(): string[] {
  return readdirSync(serverSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.repository.ts'))
    .map((file) => file.split(path.sep).join('/'));
}

const opensTransaction = (file: string) =>
  /\.transaction\(/.test(readFileSync(path.join(serverSource, file), 'utf8'));

describe('who opens a transaction', () => {
  it('no repository opens one, except those listed to follow', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(20);
    const opening = files.filter(opensTransaction).map((file) => file.replace(/^modules\//, ''));
    expect(opening.sort()).toEqual([...toFollow].sort());
  });
});
