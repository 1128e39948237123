import type { MatchPatient } from '@careloop/domain/matching/index';
import type { ClinicReview } from './match-data';
import { languagePools, type PoolName, strangerGivenNames, strangerSurnames } from './match-name-pools';
import type { TruthLine } from './match-scorer';

// A generated matching set, wider than the development set: patients from eight languages
// (English, Spanish, Turkish, German, Russian, Greek, Arabic, French) at two international
// clinics, and reviewer names written in ways the development set does not show (one `variant`
// each), plus non-patients that look like patients. Seeded: the same seed gives the same set.

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
] as const;

export const generatedNegativeVariants = [
  'stranger',
  'lookalike_same_given',
  'lookalike_same_surname',
  'namesake_out_of_window',
] as const;

export type GeneratedSet = {
  patients: Map<string, MatchPatient[]>;
  reviews: ClinicReview[];
  truth: TruthLine[];
};

type Random = () => number;

// Mulberry32: a small, well-mixed 32-bit generator, so the set never depends on Math.random.
const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const pick = <T>(random: Random, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

const dayMs = 86_400_000;
const firstDay = Date.UTC(2024, 0, 1) / dayMs;
const isoDate = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

type Person = {
  id: string;
  clinicId: string;
  language: string;
  given: PoolName;
  /** A second given name (a middle name), for some. */
  middle: PoolName | null;
  surnames: PoolName[];
  day: number;
};

const fold = (value: string) =>
  value
    .replace(/ı/g, 'i')
    .replace(/İ/g, 'I')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

const recordedName = (person: Person) =>
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
const writeName = (
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
  }
};

const genericTexts = [
  'Very kind team and a clean clinic. Thank you!',
  'Everything was organised from the airport to the hotel.',
  'Muy buena atención, lo recomiendo.',
  'Çok memnun kaldım, teşekkürler.',
  'Alles bestens, sehr professionell.',
  'Great result, would come back.',
];

const procedures = [
  'Hair Transplant',
  'Dental Implant',
  'Plastic Surgery',
  'Teeth Whitening',
  'Root Canal',
] as const;

/**
 * Builds the generated set: `clinics` clinics of `patientsPerClinic` patients, `perVariant`
 * reviews of each name variant and of each kind of non-patient. Expected answers by
 * construction: a patient writing their own name is `matched` when no other patient treated in a
 * wide window (−14…300 days) shares their given name and first surname; a non-patient is
 * `unmatched`.
 */
export const generateMatchingSet = ({
  seed = 20261124,
  clinics = 2,
  patientsPerClinic = 900,
  perVariant = 60,
}: {
  seed?: number;
  clinics?: number;
  patientsPerClinic?: number;
  perVariant?: number;
} = {}): GeneratedSet => {
  const random = seededRandom(seed);
  const people: Person[] = [];
  const patients = new Map<string, MatchPatient[]>();
  for (let clinic = 0; clinic < clinics; clinic += 1) {
    const clinicId = `cln_gen${clinic}`;
    const list: MatchPatient[] = [];
    for (let at = 0; at < patientsPerClinic; at += 1) {
      const pool = pick(random, languagePools);
      const person: Person = {
        id: `pat_gen${clinic}_${at}`,
        clinicId,
        language: pool.language,
        given: pick(random, pool.given),
        middle: !pool.doubleSurname && random() < 0.25 ? pick(random, pool.given) : null,
        surnames: pool.doubleSurname
          ? [pick(random, pool.surnames), pick(random, pool.surnames)]
          : [pick(random, pool.surnames)],
        day: firstDay + Math.floor(random() * 700),
      };
      if (person.surnames.length === 2 && person.surnames[0] === person.surnames[1]) continue;
      if (person.middle === person.given) continue;
      people.push(person);
      list.push({
        id: person.id,
        name: recordedName(person),
        email: null,
        procedure: pick(random, procedures),
        procedureDate: isoDate(person.day),
      });
    }
    patients.set(clinicId, list);
  }

  const byClinic = (clinicId: string) => people.filter((person) => person.clinicId === clinicId);
  const isNear = (person: Person, day: number) => day - person.day >= -14 && day - person.day <= 300;
  const keyOf = (name: PoolName) => fold(name.latin);
  const initialVariants = new Set<string>(['initials_run', 'surname_initial_first']);
  // Whether another patient could write the same: one of their surnames is the one written
  // and one of their given names is the author's (or, for a variant that only gives the
  // initial, starts with the same letter).
  const sharesName = (author: Person, other: Person, variant: string) => {
    const written = variant === 'second_surname_only' ? author.surnames[1] : author.surnames[0];
    if (!written || !other.surnames.some((surname) => keyOf(surname) === keyOf(written))) return false;
    const givenNames = [other.given, ...(other.middle ? [other.middle] : [])].map(keyOf);
    if (initialVariants.has(variant)) return givenNames.some((name) => name[0] === keyOf(author.given)[0]);
    return givenNames.includes(keyOf(author.given));
  };

  const reviews: ClinicReview[] = [];
  const truth: TruthLine[] = [];
  let reviewNumber = 0;
  const addReview = (
    clinicId: string,
    reviewerName: string,
    day: number,
    variant: string,
    expected: { patientId: string | null; authorId: string | null },
  ) => {
    const id = `rev_gen${reviewNumber}`;
    reviewNumber += 1;
    reviews.push({
      id,
      clinicId,
      reviewerName,
      title: 'Review',
      text: pick(random, genericTexts),
      reviewDate: `${isoDate(day)}T${String(8 + Math.floor(random() * 12)).padStart(2, '0')}:15:00.000Z`,
      language: 'en',
    });
    truth.push({
      review_id: id,
      expected_status: expected.patientId ? 'matched' : 'unmatched',
      patient_id: expected.patientId,
      candidate_ids: [],
      variant,
      author_patient_id: expected.authorId,
    });
  };

  for (const variant of generatedVariants) {
    let written = 0;
    for (let attempt = 0; written < perVariant && attempt < perVariant * 40; attempt += 1) {
      const author = pick(random, people);
      const name = writeName(random, author, variant);
      if (!name) continue;
      const day = author.day + 3 + Math.floor(random() * 148);
      const clash = byClinic(author.clinicId).some(
        (other) => other !== author && isNear(other, day) && sharesName(author, other, variant),
      );
      if (clash) continue;
      addReview(author.clinicId, name, day, variant, { patientId: author.id, authorId: author.id });
      written += 1;
    }
  }

  for (let at = 0; at < perVariant; at += 1) {
    const patient = pick(random, people);
    const day = patient.day + 3 + Math.floor(random() * 148);
    addReview(
      patient.clinicId,
      `${pick(random, strangerGivenNames)} ${pick(random, strangerSurnames)}`,
      day,
      'stranger',
      {
        patientId: null,
        authorId: null,
      },
    );
    const sameGiven = pick(random, people);
    addReview(
      sameGiven.clinicId,
      `${sameGiven.given.latin} ${pick(random, strangerSurnames)}`,
      sameGiven.day + 3 + Math.floor(random() * 148),
      'lookalike_same_given',
      { patientId: null, authorId: null },
    );
    const sameSurname = pick(random, people);
    addReview(
      sameSurname.clinicId,
      `${pick(random, strangerGivenNames)} ${sameSurname.surnames[0]?.latin ?? ''}`,
      sameSurname.day + 3 + Math.floor(random() * 148),
      'lookalike_same_surname',
      { patientId: null, authorId: null },
    );
    // The same name, but every patient of that name was treated long after or long before.
    const namesake = pick(random, people);
    const outside = namesake.day + pick(random, [-60, -30, 240, 320]);
    const anyNear = byClinic(namesake.clinicId).some(
      (other) =>
        keyOf(other.given) === keyOf(namesake.given) && other.day <= outside && outside - other.day <= 300,
    );
    if (!anyNear) {
      addReview(namesake.clinicId, recordedName(namesake), outside, 'namesake_out_of_window', {
        patientId: null,
        authorId: null,
      });
    }
  }
  return { patients, reviews, truth };
};
