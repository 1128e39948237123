import type { NameFit } from './fit-evidence';
import { confidenceFromWeight } from './match-weights';
import { nicknamesOf, prefixShortFormsOf } from './nicknames';
import type { NameToken } from './normalize-name';
import type { PatientName } from './patient-name';
import { joinedValue, omissibleFirstNames } from './word-alignment';

// A one-word username built from the name: given name and surname (or an initial of one), or the
// given name alone. Weighed as the name words it spells, less a bit: usernames are chosen, and
// an unrelated person's may spell the same letters.
const usernameWeights = { username: 11, username_initial: 8, username_given: 4.5 } as const;
const nicknameUsernamePenalty = 0.5;

const usernameFit = (kind: keyof typeof usernameWeights, isNickname: boolean): NameFit => {
  const weight = usernameWeights[kind] - (isNickname ? nicknameUsernamePenalty : 0);
  return {
    kind,
    weight,
    strength: confidenceFromWeight(weight),
    usesNickname: isNickname,
    evidence: ['username'],
  };
};

type Piece = { text: string; isInitial: boolean; isNickname: boolean };

const givenPieces = (tokens: readonly NameToken[], start: number, surnameStart: number): Piece[] => {
  const given = tokens[start];
  if (!given) return [];
  const pieces: Piece[] = given.forms.map((text) => ({ text, isInitial: false, isNickname: false }));
  const pair = joinedValue(tokens, start, 2);
  if (pair) pieces.push({ text: pair, isInitial: false, isNickname: false });
  const next = tokens[start + 1];
  const formals = [given.value, `${given.value} ${next?.value ?? ''}`];
  if (next && omissibleFirstNames.has(given.value)) formals.push(next.value);
  for (const formal of formals) {
    for (const nickname of nicknamesOf(formal)) {
      pieces.push({ text: nickname.join(''), isInitial: false, isNickname: true });
    }
  }
  // Both given names' initials: José Manuel García → jmgarcia.
  if (next && !next.isInitial && start + 1 < surnameStart) {
    pieces.push({
      text: given.value.slice(0, 1) + next.value.slice(0, 1),
      isInitial: true,
      isNickname: false,
    });
  }
  for (const short of prefixShortFormsOf(given.value))
    pieces.push({ text: short, isInitial: false, isNickname: true });
  pieces.push({ text: given.value.slice(0, 1), isInitial: true, isNickname: false });
  return pieces;
};

// The first surname, alone, with the next one, or as its initial.
const surnamePieces = (tokens: readonly NameToken[], start: number): Piece[] => {
  const first = tokens[start];
  if (!first) return [];
  const pieces: Piece[] = first.forms.map((text) => ({ text, isInitial: false, isNickname: false }));
  for (const count of [2, 3]) {
    const joined = joinedValue(tokens, start, count);
    if (joined) pieces.push({ text: joined, isInitial: false, isNickname: false });
  }
  pieces.push({ text: first.value.slice(0, 1), isInitial: true, isNickname: false });
  return pieces;
};

/**
 * Whether a one-word username is built from the patient's name: given name (or nickname, or
 * initial) and first surname (or its initial) in either order (`bmartinez`, `morenom`, `kevinr`,
 * `lolireyes`), or the given name alone (`maria85`).
 */
export const fitConcatenated = (username: string, patient: PatientName): NameFit | null => {
  let best: NameFit | null = null;
  const consider = (fit: NameFit) => {
    if (!best || fit.weight > best.weight) best = fit;
  };
  for (const surnameStart of patient.surnameStarts) {
    const surnames = surnamePieces(patient.tokens, surnameStart);
    for (const start of patient.callNames.filter((at) => at < surnameStart)) {
      for (const given of givenPieces(patient.tokens, start, surnameStart)) {
        if (!given.isInitial && username === given.text) {
          consider(usernameFit('username_given', given.isNickname));
          continue;
        }
        if (!username.startsWith(given.text) && !username.endsWith(given.text)) continue;
        for (const surname of surnames) {
          if (given.isInitial && surname.isInitial) continue;
          const isBuilt =
            username === given.text + surname.text ||
            (username === surname.text + given.text && !given.isNickname);
          if (!isBuilt) continue;
          const hasInitial = given.isInitial || surname.isInitial;
          consider(usernameFit(hasInitial ? 'username_initial' : 'username', given.isNickname));
        }
      }
    }
  }
  return best;
};
