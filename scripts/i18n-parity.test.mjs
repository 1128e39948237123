import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translationProblems } from './i18n-parity.mjs';

const appTranslations = path.resolve(import.meta.dirname, '../apps/web/src/i18n');

describe('translation parity check', () => {
  const dirs = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const complete = {
    en: { title: 'Hello {{name}}', nested: { save: 'Save' } },
    es: { title: 'Hola {{name}}', nested: { save: 'Guardar' } },
    tr: { title: 'Merhaba {{name}}', nested: { save: 'Kaydet' } },
  };

  const tree = (byLanguage) => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-i18n-'));
    dirs.push(base);
    for (const [language, json] of Object.entries(byLanguage)) {
      fs.mkdirSync(path.join(base, language));
      fs.writeFileSync(path.join(base, language, 'common.json'), JSON.stringify(json));
    }
    return base;
  };

  it('passes the app’s translations', () => {
    expect(translationProblems(appTranslations)).toEqual([]);
  });

  it('passes languages with the same keys and placeholders', () => {
    expect(translationProblems(tree(complete))).toEqual([]);
  });

  it('fails when Spanish lacks a key', () => {
    const dir = tree({ ...complete, es: { title: 'Hola {{name}}', nested: {} } });
    expect(translationProblems(dir)).toEqual(['es lacks common:nested.save']);
  });

  it('fails when Turkish lacks a key', () => {
    const dir = tree({ ...complete, tr: { nested: { save: 'Kaydet' } } });
    expect(translationProblems(dir)).toEqual(['tr lacks common:title']);
  });

  it('fails on a key English lacks, an empty text and a changed placeholder', () => {
    const dir = tree({
      ...complete,
      es: { title: 'Hola {{nombre}}', nested: { save: '' }, extra: 'Más' },
    });
    expect(translationProblems(dir)).toEqual([
      'es common:nested.save: empty or not text',
      'es has common:extra, which en lacks',
      'es common:title: placeholders {nombre}, en has {name}',
    ]);
  });

  it('fails when a language folder is missing rather than passing with nothing compared', () => {
    const { tr: _, ...withoutTurkish } = complete;
    expect(translationProblems(tree(withoutTurkish))).toEqual([`tr: no folder ${path.join(dirs[0], 'tr')}`]);
  });
});
