import type { MatchPatient } from '@careloop/domain/matching/index';
import type { ClinicReview } from './match-data';
import { languagePools, type PoolName, strangerGivenNames, strangerSurnames } from './match-name-pools';
import {
  fold,
  generatedVariants,
  givenFormVariants,
  type Person,
  pick,
  recordedName,
  seededRandom,
  writeName,
} from './match-name-variants';
import type { TruthLine } from './match-scorer';

export { generatedVariants } from './match-name-variants';

// A generated matching set, wider than the development set: patients from eight languages
// (English, Spanish, Turkish, German, Russian, Greek, Arabic, French) at two international
// clinics, and reviewer names written in ways the development set does not show (one `variant`
// each), plus non-patients that look like patients. Seeded: the same seed gives the same set.

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

const dayMs = 86_400_000;
const firstDay = Date.UTC(2024, 0, 1) / dayMs;
const isoDate = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

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
    // An abbreviation or another language's form may be any patient's of that surname.
    if (givenFormVariants.has(variant)) return true;
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
