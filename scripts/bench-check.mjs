// `npm run bench:check`: compares the latest bench/results with the budgets the issues set.
// Separate from `npm run bench` so that measuring never fails a build; this does, on purpose.
import fs from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve(import.meta.dirname, '../bench/results');
const read = (name) => {
  const file = path.join(resultsDir, `${name}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
};

const budgets = [
  {
    result: 'clinic-core',
    label: 'list and summary p99 on PostgreSQL < 50 ms',
    check: (r) =>
      Object.entries(r.figures)
        .filter(([key, v]) => key.startsWith('postgres GET') && typeof v.p99Ms === 'number')
        .map(([key, v]) => ({ what: key, value: v.p99Ms, ok: v.p99Ms < 50 })),
  },
  {
    result: 'matching',
    label: 'matching 200k patients x 20k reviews: < 60 s and < 1.5 GB',
    check: (r) => [
      { what: 'totalSeconds', value: r.figures.result.totalSeconds, ok: r.figures.result.totalSeconds < 60 },
      { what: 'peakRssMiB', value: r.figures.result.peakRssMiB, ok: r.figures.result.peakRssMiB < 1536 },
    ],
  },
];

let failures = 0;
for (const budget of budgets) {
  const result = read(budget.result);
  if (!result) {
    console.log(`- ${budget.result}: no result yet (run npm run bench)`);
    continue;
  }
  for (const row of budget.check(result)) {
    console.log(`${row.ok ? 'ok  ' : 'OVER'} ${budget.label}: ${row.what} = ${row.value}`);
    if (!row.ok) failures++;
  }
}
process.exit(failures ? 1 : 0);
