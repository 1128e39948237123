import { addToNameLexicon, describePatientName, emptyNameLexicon, type PatientName } from './name-fit';
import { prefixShortFormsOf } from './nicknames';
import { handleKey, normalizeName, tokenizeName } from './normalize-name';
import { shortFormKey, skeletonIndexKey, spellingIndexKey } from './patient-index-keys';
import { detectProcedures } from './procedures';
import { consonantSkeleton } from './spelling-key';
import { type MatchPatient, procedures } from './types';

const dayInMs = 86_400_000;

/** Whole days since 1970-01-01 of a `YYYY-MM-DD` date, or null when it is not one. */
export const dayNumberOfDate = (value: string | null | undefined): number | null => {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!parts) return null;
  const [, year, month, day] = parts;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return Number.isFinite(time) ? time / dayInMs : null;
};

/** Whole days since 1970-01-01 of the UTC date of an ISO 8601 timestamp, or null. */
export const dayNumberOfTimestamp = (value: string): number | null => {
  // A timestamp without a zone is read as UTC, never as the server's local time.
  const hasNoZone = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(value.trim());
  const time = Date.parse(hasNoZone ? `${value.trim()}Z` : value);
  return Number.isFinite(time) ? Math.floor(time / dayInMs) : null;
};

export type IndexedPatient = {
  id: string;
  name: PatientName;
  procedure: string | null;
  /** Day number of the procedure date. */
  day: number;
  handle: string | null;
};

/**
 * One clinic's patients, prepared once so each review only looks at the few patients that share
 * a name word with it and were treated inside the date window. Build it with `buildPatientIndex`.
 */
export type PatientIndex = {
  kind: 'patient-index';
  /** Patients with a procedure date, sorted by it; positions in this array are the postings. */
  patients: IndexedPatient[];
  /** Name word (or short-form key) → positions, ascending, so also by procedure date. */
  byKey: Map<string, number[]>;
  /** Folded e-mail handle → positions. */
  byHandle: Map<string, number[]>;
  /** Normalised staff-recorded alias (`aliasKey`) → positions. */
  byAlias: Map<string, number[]>;
  /** First letter → the distinct given names patients go by, for abbreviations (`Mich.`, `Mhmt`). */
  callNamesByInitial: Map<string, string[]>;
  /** First letter → the distinct words and the distinct spelling keys of patients' names, for typos. */
  wordsByInitial: Map<string, string[]>;
  spellingKeysByInitial: Map<string, string[]>;
  /**
   * Scratch marks, one per patient, for intersecting the conditions of one lookup without
   * allocating; each lookup stage takes a fresh `stamp`, so marks are never cleared.
   */
  marks: Int32Array;
  stamp: number;
};

// Names repeat across a clinic's patients: each word's skeleton is worked out once per index.
const skeletonOf = (value: string, known: Map<string, string>): string => {
  let skeleton = known.get(value);
  if (skeleton === undefined) {
    skeleton = consonantSkeleton(value);
    known.set(value, skeleton);
  }
  return skeleton;
};

const patientKeys = ({ tokens, callNames }: PatientName, skeletons: Map<string, string>): Set<string> => {
  const keys = new Set<string>();
  tokens.forEach((token, at) => {
    for (const form of token.forms) keys.add(form);
    if (!token.isInitial) {
      keys.add(spellingIndexKey(token.key));
      const skeleton = skeletonOf(token.value, skeletons);
      if (skeleton.length >= 2) keys.add(skeletonIndexKey(skeleton));
    }
    let joined = token.value;
    for (let next = at + 1; next < Math.min(at + 3, tokens.length); next += 1) {
      joined += tokens[next]?.value ?? '';
      keys.add(joined);
    }
  });
  for (const start of callNames) {
    const given = tokens[start];
    if (!given) continue;
    for (const short of prefixShortFormsOf(given.value)) keys.add(shortFormKey(short));
  }
  return keys;
};

const append = <T>(map: Map<string, T[]>, key: string, item: T) => {
  const items = map.get(key);
  if (items) items.push(item);
  else map.set(key, [item]);
};

/**
 * A patient's procedure as one of `procedures`: the clinic's own wording ("Implante dental",
 * "Saç ekimi", typed in or imported) read as a review's would be, so that it can agree with what a
 * review names. Text naming no known procedure, or several, is kept as it is.
 */
export const canonicalProcedure = (procedure: string | null): string | null => {
  if (procedure === null || (procedures as readonly string[]).includes(procedure)) return procedure;
  const named = detectProcedures(procedure);
  return named.length === 1 ? named[0]! : procedure;
};

/** Prepares one clinic's patients for `matchReview`. Patients without a procedure date never fit. */
export const buildPatientIndex = (patients: readonly MatchPatient[]): PatientIndex => {
  // Every patient's name, dated or not, tells how this clinic's names are built.
  const lexicon = emptyNameLexicon();
  for (const patient of patients) addToNameLexicon(lexicon, tokenizeName(patient.name));
  const prepared: IndexedPatient[] = [];
  for (const patient of patients) {
    const day = dayNumberOfDate(patient.procedureDate);
    if (day === null) continue;
    const local = patient.email?.split('@')[0] ?? '';
    prepared.push({
      id: patient.id,
      name: describePatientName(patient.name, lexicon),
      procedure: canonicalProcedure(patient.procedure ?? null),
      day,
      handle: local.length > 0 ? handleKey(local) : null,
    });
  }
  prepared.sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byKey = new Map<string, number[]>();
  const byHandle = new Map<string, number[]>();
  const byAlias = new Map<string, number[]>();
  const aliasesById = new Map(patients.map((patient) => [patient.id, patient.aliases ?? []]));
  const skeletons = new Map<string, string>();
  const callNames = new Set<string>();
  const words = new Set<string>();
  const keys = new Set<string>();
  prepared.forEach((patient, position) => {
    for (const key of patientKeys(patient.name, skeletons)) append(byKey, key, position);
    for (const at of patient.name.callNames) {
      const value = patient.name.tokens[at]?.value;
      if (value && value.length > 1) callNames.add(value);
    }
    for (const token of patient.name.tokens) {
      if (token.isInitial) continue;
      words.add(token.value);
      keys.add(token.key);
    }
    if (patient.handle) append(byHandle, patient.handle, position);
    for (const alias of new Set((aliasesById.get(patient.id) ?? []).map(aliasKey))) {
      if (alias.length > 0) append(byAlias, alias, position);
    }
  });
  const callNamesByInitial = new Map<string, string[]>();
  for (const value of callNames) append(callNamesByInitial, value[0] ?? '', value);
  const wordsByInitial = new Map<string, string[]>();
  for (const word of words) append(wordsByInitial, word[0] ?? '', word);
  const spellingKeysByInitial = new Map<string, string[]>();
  for (const key of keys) append(spellingKeysByInitial, key[0] ?? '', key);
  return {
    kind: 'patient-index',
    patients: prepared,
    byKey,
    byHandle,
    byAlias,
    callNamesByInitial,
    wordsByInitial,
    spellingKeysByInitial,
    marks: new Int32Array(prepared.length),
    stamp: 0,
  };
};

/** The key a staff-recorded alias and a reviewer name are compared on: the normalised name. */
export const aliasKey = (name: string): string => normalizeName(name);
