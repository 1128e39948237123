import { spellingKey } from './spelling-key';
import { isTitle } from './titles';
import { type Script, scriptOf, transliterate } from './transliterate';

// Letters that Unicode decomposition does not reduce to a base letter, or that people write as
// two letters when they have no such key (ß -> ss).
const specialLetters: Readonly<Record<string, string>> = {
  ı: 'i',
  İ: 'i',
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
  Þ: 'th',
};

const specialLetterPattern = /[ıİßẞæÆœŒøØłŁđĐðþÞ]/g;
const combiningMarks = /\p{M}+/gu;
const apostrophes = /['’‘`´ʼ]/g;

/**
 * Lower-case, accents and Turkish letters folded to plain a-z (ş→s, ı→i, ğ→g, İ→i, ñ→n, ß→ss),
 * compatibility characters expanded (Mª → ma). Keeps every other character as it is.
 */
export const foldText = (value: string): string =>
  value
    .replace(specialLetterPattern, (letter) => specialLetters[letter] ?? letter)
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .toLowerCase();

// Germans without an umlaut key write ue/oe/ae, so Müller may arrive as "Mueller".
const germanUmlauts: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'ae',
  Ö: 'oe',
  Ü: 'ue',
};

/** The ways a name word may be typed without its accents: `Müller` → `muller`, `mueller`. */
export const wordForms = (word: string): string[] => {
  const folded = foldText(word).replace(/[^a-z]/g, '');
  const transliterated = foldText(
    word.replace(/[äöüÄÖÜ]/g, (letter) => germanUmlauts[letter] ?? letter),
  ).replace(/[^a-z]/g, '');
  return transliterated === folded ? [folded] : [folded, transliterated];
};

// Name particles: left out when comparing, since people drop them ("María Carmen", "Van Dyke").
const particles = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'du',
  'le',
]);

export type NameToken = {
  /** Folded a-z letters. */
  value: string;
  /** Other ways the same word may be typed (German transliteration), including `value`. */
  forms: string[];
  /** A single letter, typed as an initial (`B.`, `B`). */
  isInitial: boolean;
  /** Joined to the next word by a hyphen (`Moore-Reichert`): one surname, not two names. */
  joinsNext: boolean;
  /** The word as typed, before folding. */
  original: string;
  /** The spelling key (`spelling-key.ts`) of `value`. */
  key: string;
  /** Written in Arabic script, which leaves short vowels out. */
  fromArabic: boolean;
  /** Written with a full stop after it (`Fco.`, `Inmac.`): an abbreviation, unless one letter. */
  dotted?: boolean;
};

const noWords: ReadonlySet<string | undefined> = new Set();

type WordReading = { forms: string[]; key: string; script: Script };

// Names repeat (a clinic has thousands of Marías), so each written word is read once. The cache
// is emptied when it grows past a bound, to keep memory flat on any input.
const readings = new Map<string, WordReading>();
const maxReadings = 200_000;

const readWord = (text: string): WordReading => {
  const known = readings.get(text);
  if (known) return known;
  const forms = wordForms(transliterate(text));
  const reading = { forms, key: spellingKey(forms[0] ?? ''), script: scriptOf(text) };
  if (readings.size >= maxReadings) readings.clear();
  readings.set(text, reading);
  return reading;
};

// "JM García", "MJ Rodríguez": two or three capitals before another word are initials run
// together, unless the whole name is in capitals.
const initialsRun = /^\p{Lu}{2,3}$/u;

const splitInitialsRuns = (words: { text: string; joinsNext: boolean }[], raw: string) => {
  const letters = raw.replace(/[^\p{L}]/gu, '');
  if (letters === letters.toUpperCase()) return words;
  return words.flatMap((word, at) =>
    at < words.length - 1 && initialsRun.test(word.text)
      ? [...word.text].map((letter) => ({ text: letter, joinsNext: false }))
      : [word],
  );
};

/**
 * Splits a personal name into comparable words: hyphens and dots separate words, apostrophes
 * vanish (`O'Kon` → `okon`), dotted or run-together initials split (`L.F.`, `JM` → `l`, `f`),
 * other scripts are transliterated (`Иванов` → `ivanov`), titles and decorations (`titles.ts`)
 * and particles (`de`, `del`, `van`; except as the first or last word) are dropped, digits are
 * ignored.
 */
export const tokenizeName = (raw: string): NameToken[] => {
  const chunks = raw
    .replace(apostrophes, '')
    .split(/[\s,.;:/\\|_()[\]{}"“”«»!?&+*#@~=<>^$%]+/u)
    .filter((chunk) => chunk.length > 0);
  let words: { text: string; joinsNext: boolean }[] = [];
  for (const chunk of chunks) {
    const parts = chunk.split(/[-‐‑–—]+/).filter((part) => readWord(part).forms[0]);
    parts.forEach((text, at) => {
      words.push({ text, joinsNext: at < parts.length - 1 });
    });
  }
  words = splitInitialsRuns(words, raw);
  const dotted = raw.includes('.')
    ? new Set([...raw.matchAll(/(\p{L}{2,})\./gu)].map((found) => found[1]))
    : noWords;
  const tokens: NameToken[] = [];
  words.forEach(({ text, joinsNext }, at) => {
    const { forms, key, script } = readWord(text);
    const value = forms[0] ?? '';
    const isLatin = script === 'latin';
    if (value.length === 0 || (isLatin && value.length > 1 && isTitle(value, words.length - at - 1))) return;
    // "y" or "de" at the end is an initial ("Ayşe Y."), not a particle.
    const isInside = tokens.length > 0 && at < words.length - 1;
    if (isInside && particles.has(value)) return;
    tokens.push({
      value,
      forms,
      isInitial: value.length === 1,
      joinsNext,
      original: text,
      key,
      fromArabic: script === 'arabic',
      ...(dotted.has(text) ? { dotted: true } : {}),
    });
  });
  const last = tokens[tokens.length - 1];
  if (last) last.joinsNext = false;
  return tokens;
};

/** The normalised full name: folded words joined by single spaces. */
export const normalizeName = (raw: string): string =>
  tokenizeName(raw)
    .map((token) => token.value)
    .join(' ');

/**
 * The key an e-mail handle and a reviewer name are compared on: case, accents, `.`, `_` and `-`
 * ignored (`M.Garcia_85` → `mgarcia85`). A name with a space is no handle: null.
 */
export const handleKey = (raw: string): string | null => {
  const folded = foldText(raw.trim()).replace(/[._-]/g, '');
  if (folded.length === 0 || /\s/.test(folded)) return null;
  return folded;
};
