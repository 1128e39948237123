// Letters of other scripts written the way a passport or a booking form spells them in Latin
// letters (ISO 9 / BGN-PCGN style for Cyrillic, ELOT 743 for Greek, a plain consonant reading for
// Arabic). Only the letters people's names use; anything else is left alone. Written here rather
// than taken from a library: the tables are short, and the domain package stays dependency-free.
const cyrillic: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const greek: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

// Greek digraphs read as one sound: ου is "ou" (Παπαδόπουλος -> Papadopoulos), αι "ai", ει "ei".
const greekDigraphs: ReadonlyArray<readonly [string, string]> = [
  ['ου', 'ou'],
  ['μπ', 'b'],
  ['ντ', 'nt'],
  ['γγ', 'ng'],
  ['αυ', 'av'],
  ['ευ', 'ev'],
];

// Arabic writes consonants and long vowels; short vowels are not written, so an Arabic name
// becomes a consonant skeleton (محمد -> mhmd; و and ي, mostly long vowels, read as u and i),
// compared as such (see `spelling-key.ts`).
const arabic: Readonly<Record<string, string>> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ء: '',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ة: 'a',
  و: 'u',
  ي: 'i',
  ى: 'a',
  ئ: 'i',
  ؤ: 'u',
};

const greekPattern = /[\u0370-\u03ff\u1f00-\u1fff]/;
const cyrillicPattern = /[\u0400-\u04ff]/;
const arabicPattern = /[\u0600-\u06ff]/;
const combiningMarks = /\p{M}+/gu;

export type Script = 'latin' | 'cyrillic' | 'greek' | 'arabic' | 'other';

/** The script a word is written in (the first non-Latin one found). */
export const scriptOf = (word: string): Script => {
  if (/^[\u0020-\u024f]*$/.test(word)) return 'latin';
  if (cyrillicPattern.test(word)) return 'cyrillic';
  if (greekPattern.test(word)) return 'greek';
  if (arabicPattern.test(word)) return 'arabic';
  return /[^\p{Script=Latin}\p{M}\p{N}\p{P}\p{S}\s]/u.test(word) ? 'other' : 'latin';
};

const mapLetters = (word: string, table: Readonly<Record<string, string>>): string =>
  [...word].map((letter) => table[letter] ?? letter).join('');

/**
 * A word of another script in Latin letters (`Иванов` → `ivanov`, `Παπαδόπουλος` →
 * `papadopoulos`, `محمد` → `mhmd`); a Latin word is returned unchanged.
 */
export const transliterate = (word: string): string => {
  const script = scriptOf(word);
  if (script === 'latin' || script === 'other') return word;
  const lower = word.toLowerCase();
  if (script === 'cyrillic') return mapLetters(lower, cyrillic);
  if (script === 'arabic') return mapLetters(lower.replace(/[\u064b-\u065f\u0670]/g, ''), arabic);
  let text = lower.normalize('NFD').replace(combiningMarks, '');
  for (const [pair, latin] of greekDigraphs) text = text.split(pair).join(latin);
  return mapLetters(text, greek);
};
