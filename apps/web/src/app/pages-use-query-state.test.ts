import { describe, expect, it } from 'vitest';
import { shippedSources } from '../test/source-files';

// A page shows loading, a failed load (with a retry) and an empty list through `QueryState`, so that
// every page says them the same way. A page that tests a query's state itself writes them again.
const handWrittenStates = [
  /\.isError\b/, // a failed load chosen by hand
  /\.isLoading\b/,
  /\.isPending\s*(\?|\))/, // a query's loading chosen by hand (`loading={save.isPending}` is a button's)
  /<PageLoader\b/,
];

function handWritesQueryStates(source: string): boolean {
  return handWrittenStates.some((pattern) => pattern.test(source));
}

describe('handWritesQueryStates', () => {
  it.each([
    ['{list.isPending ? <PageLoader /> : null}', true],
    ['if (patient.isPending) return null;', true],
    ['{me.isError ? <Alert /> : null}', true],
    ['const x = summary.isLoading;', true],
    ['return <PageLoader />;', true],
    ['<Button loading={fullScan.isPending}>', false],
    ['isSaving={update.isPending && update.variables?.id === id}', false],
    ['<QueryState query={list} errorTitle={t("x")}>{(data) => data}</QueryState>', false],
  ])('%s', (source, expected) => {
    expect(handWritesQueryStates(source)).toBe(expected);
  });
});

describe('pages', () => {
  it('show loading, failure and emptiness through QueryState', () => {
    const offenders = shippedSources(undefined, /-page\.tsx$/)
      .filter(({ source }) => handWritesQueryStates(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
