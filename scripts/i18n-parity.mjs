// Translation parity (`npm run i18n:check`, part of `npm test`): every language of the web app has
// the same namespace files and the same keys, no empty text, and the same {{placeholders}} in each
// text as English. Prints what differs and exits 1, so a key added in one language only fails CI.
// Same key comparison as the shared i18n-parity tool, but a missing language folder is an error
// here (the tool passes silently when it finds nothing to compare).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const languages = ['en', 'es', 'tr'];
const reference = 'en';

const flatten = (value, prefix) =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key))
    : [[prefix, value]];

const placeholders = (text) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*([^}\s,]+)/g)].map((m) => m[1]).sort() : [];

/** Reads `<dir>/<language>/<namespace>.json` into a map of `namespace:key.path` to text. */
function readLanguage(dir, language) {
  const folder = path.join(dir, language);
  if (!fs.existsSync(folder)) return null;
  const texts = new Map();
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    const json = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
    for (const [key, text] of flatten(json, '')) texts.set(`${namespace}:${key}`, text);
  }
  return texts;
}

/** The problems found, one line each; none means the translations are in parity. */
export function translationProblems(dir) {
  const problems = [];
  const texts = {};
  for (const language of languages) {
    texts[language] = readLanguage(dir, language);
    if (!texts[language]) problems.push(`${language}: no folder ${path.join(dir, language)}`);
  }
  if (problems.length) return problems;
  for (const language of languages) {
    for (const [key, text] of texts[language]) {
      if (typeof text !== 'string' || text.trim() === '')
        problems.push(`${language} ${key}: empty or not text`);
    }
    if (language === reference) continue;
    for (const key of texts[reference].keys())
      if (!texts[language].has(key)) problems.push(`${language} lacks ${key}`);
    for (const key of texts[language].keys())
      if (!texts[reference].has(key)) problems.push(`${language} has ${key}, which ${reference} lacks`);
    for (const [key, text] of texts[language]) {
      if (!texts[reference].has(key)) continue;
      const expected = placeholders(texts[reference].get(key)).join(', ');
      const actual = placeholders(text).join(', ');
      if (expected !== actual)
        problems.push(`${language} ${key}: placeholders {${actual}}, ${reference} has {${expected}}`);
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? path.resolve(import.meta.dirname, '../apps/web/src/i18n');
  const problems = translationProblems(dir);
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`${problems.length} translation problem(s) in ${dir}`);
    process.exit(1);
  }
  console.log(`Translations in parity: ${languages.join(', ')} (${dir})`);
}
