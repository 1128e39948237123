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

// Titles and suffixes that are not part of anyone's name.
const honorifics = new Set([
  'mr',
  'mrs',
  'ms',
  'mx',
  'miss',
  'dr',
  'prof',
  'sr',
  'sra',
  'srta',
  'jr',
  'ii',
  'iii',
  'iv',
  'bey',
  'hanim',
  'dna',
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
};

/**
 * Splits a personal name into comparable words: hyphens and dots separate words, apostrophes
 * vanish (`O'Kon` → `okon`), dotted initials split (`L.F.` → `l`, `f`), titles and particles
 * (`de`, `del`, `van`; except as the first or last word) are dropped, digits are ignored.
 */
export const tokenizeName = (raw: string): NameToken[] => {
  const chunks = raw
    .replace(apostrophes, '')
    .split(/[\s,.;:/\\|_()[\]{}"“”«»!?&+*#@]+/u)
    .filter((chunk) => chunk.length > 0);
  const words: { text: string; joinsNext: boolean }[] = [];
  for (const chunk of chunks) {
    const parts = chunk.split(/[-‐‑–—]+/).filter((part) => wordForms(part)[0]);
    parts.forEach((text, at) => {
      words.push({ text, joinsNext: at < parts.length - 1 });
    });
  }
  const tokens: NameToken[] = [];
  words.forEach(({ text, joinsNext }, at) => {
    const forms = wordForms(text);
    const value = forms[0] ?? '';
    if (value.length === 0 || honorifics.has(value)) return;
    // "y" or "de" at the end is an initial ("Ayşe Y."), not a particle.
    const isInside = tokens.length > 0 && at < words.length - 1;
    if (isInside && particles.has(value)) return;
    tokens.push({ value, forms, isInitial: value.length === 1, joinsNext, original: text });
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
