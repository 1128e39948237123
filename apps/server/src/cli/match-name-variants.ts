import { countryCodes, givenNameAbbreviations, givenNameEquivalents, withPlace } from './match-name-forms';
import type { PoolName } from './match-name-pools';

// How the generated set's reviewers write their names: one way per `variant`, seeded.

export const generatedVariants = [
  'surname_first',
  'title',
  'decorated',
  'surnames_swapped',
  'second_surname_only',
  'native_script',
  'other_latin_spelling',
  'typo',
  'all_caps',
  'initials_run',
  'hyphenated_surnames',
  'surname_initial_first',
  'abbreviation',
  'cross_language',
  'run_together',
  'place_words',
  'local_guide_badge',
  'country_code',
  'flag_emoji',
] as const;

/** Variants that write the given name in a form another patient's given name could share. */
export const givenFormVariants: ReadonlySet<string> = new Set(['abbreviation', 'cross_language']);

export type Random = () => number;

// Mulberry32: a small, well-mixed 32-bit generator, so the set never depends on Math.random.
export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export const pick = <T>(random: Random, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

export type Person = {
  id: string;
  clinicId: string;
  language: string;
  given: PoolName;
  /** A second given name (a middle name), for some. */
  middle: PoolName | null;
  surnames: PoolName[];
  day: number;
};

export const fold = (value: string) =>
  value
    .replace(/ı/g, 'i')
    .replace(/İ/g, 'I')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

export const recordedName = (person: Person) =>
  [person.given, ...(person.middle ? [person.middle] : []), ...person.surnames]
    .map((name) => name.latin)
    .join(' ');

// Other Latin spellings by rule where the pools give none: Turkish letters as English speakers
// write them, German umlauts as ue/oe/ae, French without accents.
const otherSpelling = (name: PoolName, language: string): string => {
  if (name.otherLatin) return name.otherLatin;
  if (language === 'tr') {
    return name.latin
      .replace(/ş/g, 'sh')
      .replace(/Ş/g, 'Sh')
      .replace(/ç/g, 'ch')
      .replace(/Ç/g, 'Ch')
      .replace(/ğ/g, 'g')
      .replace(/ı/g, 'i')
      .replace(/ö/g, 'o')
      .replace(/Ö/g, 'O')
      .replace(/ü/g, 'u')
      .replace(/Ü/g, 'U');
  }
  if (language === 'de') {
    return name.latin
      .replace(/ü/g, 'ue')
      .replace(/ö/g, 'oe')
      .replace(/ä/g, 'ae')
      .replace(/ß/g, 'ss')
      .replace(/Ä/g, 'Ae');
  }
  return fold(name.latin).replace(/^./, (letter) => letter.toUpperCase());
};

// One typing slip inside a word of 6 letters or more, never on its first or last letter:
// a letter doubled, dropped, swapped with the next, or replaced by a keyboard neighbour.
const neighbours: Readonly<Record<string, string>> = {
  a: 's',
  e: 'r',
  i: 'o',
  o: 'p',
  u: 'y',
  n: 'm',
  r: 't',
  s: 'd',
  l: 'k',
  t: 'r',
  d: 'f',
  m: 'n',
  k: 'l',
  h: 'j',
  g: 'h',
  c: 'v',
  b: 'v',
  v: 'b',
  z: 'x',
};
const withTypo = (random: Random, word: string): string => {
  const at = 1 + Math.floor(random() * (word.length - 3));
  const letter = word[at] ?? '';
  const kind = Math.floor(random() * 4);
  if (kind === 0) return word.slice(0, at) + letter + word.slice(at);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 2) return word.slice(0, at) + (word[at + 1] ?? '') + letter + word.slice(at + 2);
  return word.slice(0, at) + (neighbours[letter.toLowerCase()] ?? 'e') + word.slice(at + 1);
};

const titlesByLanguage: Readonly<Record<string, readonly string[]>> = {
  en: ['Mr', 'Mrs.', 'Dr.', 'Prof.'],
  es: ['Sra.', 'Sr.', 'Dra.', 'Don'],
  tr: ['Dr.', 'Sayın', 'Op. Dr.'],
  de: ['Herr', 'Frau', 'Dr.'],
  fr: ['Mme', 'M.', 'Dr'],
};

const decorate = (random: Random, name: string): string =>
  pick(random, [
    `${name} 😊`,
    `★ ${name} ★`,
    `${name} (verified)`,
    `~${name}~`,
    `${name} MBA`,
    `${name}, PhD`,
  ]);

/** How the person writes their name for one variant, or null when the variant does not apply. */
export const writeName = (
  random: Random,
  person: Person,
  variant: (typeof generatedVariants)[number],
): string | null => {
  const given = person.given.latin;
  const [first, second] = person.surnames;
  if (!first) return null;
  const surnames = person.surnames.map((name) => name.latin).join(' ');
  switch (variant) {
    case 'surname_first':
      return pick(random, [
        `${surnames} ${given}`,
        `${surnames}, ${given}`,
        `${surnames.toUpperCase()} ${given}`,
      ]);
    case 'title': {
      const title = pick(random, titlesByLanguage[person.language] ?? ['Dr.', 'Mr', 'Mrs']);
      if (person.language === 'tr' && random() < 0.5)
        return `${given} ${first.latin} ${pick(random, ['Bey', 'Hanım'])}`;
      return `${title} ${given} ${surnames}`;
    }
    case 'decorated':
      return decorate(random, `${given} ${first.latin}`);
    case 'surnames_swapped':
      return second ? `${given} ${second.latin} ${first.latin}` : null;
    case 'second_surname_only':
      return second ? `${given} ${second.latin}` : null;
    case 'native_script':
      return person.given.native && first.native ? `${person.given.native} ${first.native}` : null;
    case 'other_latin_spelling': {
      const otherGiven = otherSpelling(person.given, person.language);
      const otherSurname = otherSpelling(first, person.language);
      if (otherGiven === given && otherSurname === first.latin) return null;
      return `${otherGiven} ${otherSurname}`;
    }
    case 'typo':
      return first.latin.length >= 6 ? `${given} ${withTypo(random, first.latin)}` : null;
    case 'all_caps':
      return recordedName(person).toUpperCase();
    case 'initials_run': {
      const middle = person.middle?.latin;
      if (!middle) return null;
      return pick(random, [
        `${given[0]}${middle[0]} ${first.latin}`,
        `${given[0]}.${middle[0]}. ${first.latin}`,
      ]);
    }
    case 'hyphenated_surnames':
      return second ? `${given} ${first.latin}-${second.latin}` : null;
    case 'surname_initial_first':
      return `${first.latin} ${given[0]}.`;
    case 'abbreviation': {
      const abbreviations = givenNameAbbreviations[given];
      return abbreviations ? `${pick(random, abbreviations)} ${surnames}` : null;
    }
    case 'cross_language': {
      const forms = givenNameEquivalents[given];
      return forms ? `${pick(random, forms)} ${first.latin}` : null;
    }
    case 'run_together': {
      const joined = `${given}${first.latin}`.replace(/[\s-]/g, '');
      return pick(random, [joined, joined.toLowerCase(), joined.toUpperCase(), fold(joined)]);
    }
    case 'place_words':
      return withPlace(random, `${given} ${first.latin}`);
    case 'local_guide_badge':
      return pick(random, [
        `${given} ${first.latin} · Local Guide · ${2 + Math.floor(random() * 80)} reviews`,
        `${given} ${first.latin} Local Guide`,
        `${given} ${first.latin} | ${1 + Math.floor(random() * 9)} reviews`,
      ]);
    case 'country_code': {
      const code = pick(random, countryCodes);
      return pick(random, [
        `${given} ${first.latin}, ${code}`,
        `${given} ${first.latin} [${code}]`,
        `${given} ${first.latin} ${code}`,
      ]);
    }
    case 'flag_emoji':
      return pick(random, [
        `${given} ${first.latin} 🇬🇧`,
        `🇩🇪 ${given} ${first.latin}`,
        `${given} ${first.latin} 🇪🇸🇹🇷`,
      ]);
  }
};
