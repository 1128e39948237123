// How two spellings of one name word are compared beyond exact equality. Rules, in order:
//
// 1. Spelling key: the ways the same sound is written across English, Spanish, Turkish, German
//    and the usual romanisations of Cyrillic, Greek and Arabic names are folded together
//    (sh/ş → s, ch/ç → c, ph → f, th → t, kh → h, x → ks, w → v, y → i, ou/oo → u, ee → i,
//    c before a/o/u/l/r → k, q → k, o ≈ u and e ≈ i, a final h dropped, doubled letters once;
//    at the start of a word an h before a vowel is silent and j before a vowel is y:
//    Helene / Eleni, Julia / Yuliya, Jürgen / Yurgen).
//    Mohammed / Muhammad / Mohamed, Youssef / Yusuf, Aleksandr / Alexander, Şükrü / Shukru,
//    Georgios / Giorgos share a key or sit one edit apart.
// 2. A word written in Arabic script carries no short vowels: it agrees with a Latin word whose
//    consonant skeleton (the key without vowels) is the same, when that has 2 letters or more.
// 3. Typos: a Damerau-Levenshtein distance (on the letters as written, or on the keys) that
//    depends on length: words of up to 4
//    letters must agree exactly, 5–8 letters allow 1 edit, 9 or more allow 2. Two edits are never
//    taken as typos: a different first letter (Emine / Amine) and a different final vowel, which
//    in Spanish, Turkish and English names marks another person (Mario / María, Daniel / Daniela).

const wordStartRules: ReadonlyArray<readonly [RegExp, string]> = [
  [/^h(?=[aeiou])/, ''],
  [/^j(?=[aeiou])/, 'y'],
];

const keyRules: ReadonlyArray<readonly [RegExp, string]> = [
  [/sch/g, 's'],
  [/sh/g, 's'],
  [/ch/g, 'c'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/kh/g, 'h'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/c(?=[aoulr])/g, 'k'],
  [/ou|oo/g, 'u'],
  [/ee/g, 'i'],
  [/y/g, 'i'],
  [/o/g, 'u'],
  [/e/g, 'i'],
  [/(?<=.)h$/g, ''],
  [/(.)\1+/g, '$1'],
];

/** The spelling key of a folded a-z word (`mohammed` → `muhamid`, `youssef` → `iusif`). */
export const spellingKey = (folded: string): string => {
  let key = folded;
  for (const [pattern, replacement] of [...wordStartRules, ...keyRules])
    key = key.replace(pattern, replacement);
  return key;
};

/**
 * The consonants of a folded word (`mohammed` → `mhmd`), for comparing with words from Arabic
 * script; the word-start rules do not apply (the h of Hassan is written in Arabic).
 */
export const consonantSkeleton = (folded: string): string => {
  let key = folded;
  for (const [pattern, replacement] of keyRules) key = key.replace(pattern, replacement);
  return key.replace(/[aeiou]/g, '');
};

const vowels = new Set(['a', 'e', 'i', 'o', 'u']);

/** Edits a word of this many letters may carry and still be taken as a typo. */
export const typoAllowance = (length: number): number => (length <= 4 ? 0 : length <= 8 ? 1 : 2);

/** Damerau-Levenshtein distance (adjacent transpositions count 1), or `limit + 1` once above it. */
export const boundedDistance = (a: string, b: string, limit: number): number => {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
};

/** Whether two different spelling keys are one typo apart, by rule 3 above. */
export const isTypo = (a: string, b: string): boolean => {
  const allowance = typoAllowance(Math.max(a.length, b.length));
  if (allowance === 0 || a[0] !== b[0]) return false;
  const lastA = a[a.length - 1] ?? '';
  const lastB = b[b.length - 1] ?? '';
  if (lastA !== lastB && (vowels.has(lastA) || vowels.has(lastB))) return false;
  return boundedDistance(a, b, allowance) <= allowance;
};

export type SpellingAgreement = 'spelling' | 'typo';

/**
 * How two name words that are not equal still agree: the same spelling key (or, for a word from
 * Arabic script, the same consonant skeleton) is `spelling`; a typo on the keys is `typo`.
 */
export const spellingAgreement = (
  a: { value: string; key: string; fromArabic: boolean },
  b: { value: string; key: string; fromArabic: boolean },
): SpellingAgreement | null => {
  if (a.key === b.key) return 'spelling';
  if (a.fromArabic !== b.fromArabic) {
    const skeleton = consonantSkeleton(a.value);
    if (skeleton.length >= 2 && skeleton === consonantSkeleton(b.value)) return 'spelling';
    return null;
  }
  return isTypo(a.value, b.value) || isTypo(a.key, b.key) ? 'typo' : null;
};
