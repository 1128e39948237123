import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const file = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('the SDK files', () => {
  it('types are generated from the committed OpenAPI document (after a change: npm run openapi)', async () => {
    const generated = astToString(await openapiTS(new URL('../openapi/v1.json', import.meta.url)));
    expect(file('src/schema.d.ts').endsWith(generated)).toBe(true);
  });

  it("README's quick start is examples/quick-start.ts, the file the server test runs", () => {
    const readme = file('README.md');
    const block = readme.slice(
      readme.indexOf('```ts\n') + '```ts\n'.length,
      readme.indexOf('```\n<!-- quick-start:end'),
    );
    expect(block).toBe(file('examples/quick-start.ts'));
  });
});
