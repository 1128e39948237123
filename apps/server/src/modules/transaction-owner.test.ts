import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Services own transactions and hand the transaction to repositories; a repository never opens one
// (ADR 015).

const serverSource = path.resolve(import.meta.dirname, '..');

function repositoryFiles(): string[] {
  return readdirSync(serverSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.repository.ts'))
    .map((file) => file.split(path.sep).join('/'));
}

const opensTransaction = (file: string) =>
  /\.transaction\(/.test(readFileSync(path.join(serverSource, file), 'utf8'));

describe('who opens a transaction', () => {
  it('no repository opens one', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter(opensTransaction)).toEqual([]);
  });
});
