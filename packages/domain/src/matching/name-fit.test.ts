import { describe, expect, it } from 'vitest';
import {
  addToNameLexicon,
  describePatientName,
  emptyNameLexicon,
  fitName,
  type NameFitKind,
  parseReviewerName,
} from './name-fit';
import { tokenizeName } from './normalize-name';

const fit = (reviewer: string, patient: string) =>
  fitName(parseReviewerName(reviewer), describePatientName(patient));

describe('fitName: names that fit', () => {
  it.each<[string, string, string, NameFitKind]>([
    ['full name', 'Gerardo Rivero Pérez', 'Gerardo Rivero Pérez', 'full_name'],
    ['full name, lower-case', 'martín rivera', 'Martín Rivera', 'full_name'],
    ['no diacritics', 'Andres Contreras', 'Andrés Contreras', 'full_name'],
    ['no Turkish letters', 'Seyma Demir', 'Şeyma Demir', 'full_name'],
    ['no dotless i', 'Mustafa Isik', 'Mustafa Işık', 'full_name'],
    ['German umlaut written out', 'Stefan Mueller', 'Stefan Müller', 'full_name'],
    ['hyphenated surname', 'mary jones-williams', 'Mary Jones-Williams', 'full_name'],
    ['apostrophe', 'Ruth OKon', "Ruth O'Kon", 'full_name'],
    ['first + surname initial', 'Carmen S', 'Carmen Sánchez', 'given_and_initial'],
    ['first + surname initial with dot', 'Linda A.', 'Linda Anderson', 'given_and_initial'],
    ['a remark in brackets', 'Linda A. (Miami)', 'Linda Anderson', 'given_and_initial'],
    ['a middle initial', 'Mary E. Ward', 'Mary Emily Ward', 'given_and_surname'],
    ['initial of a second surname', 'Claudia S.', 'Claudia Rico Sandoval', 'given_and_initial'],
    [
      'compound given name + initial',
      'José Antonio F.',
      'José Antonio Fernández Velasco',
      'given_and_initial',
    ],
    ['first name only', 'Kacie', 'Kacie King', 'given_only'],
    ['first name only, lower-case', 'zachary', 'Zachary Miller', 'given_only'],
    ['both given names', 'José Antonio', 'José Antonio Fernández Velasco', 'given_names'],
    ['Turkish second given name', 'Sevgi', 'Handan Sevgi Güler', 'given_only'],
    ['Turkish second given name + initial', 'Merve A.', 'Eser Merve Aktaş', 'given_and_initial'],
    ['second surname left out', 'María Aguilar', 'María Aguilar Domínguez', 'given_and_surname'],
    ['middle name left out', 'Mary Ward', 'Mary Emily Ward', 'given_and_surname'],
    ['second given name left out', 'Julio Chávez', 'Julio César Chávez Pérez', 'given_and_surname'],
    ['initial + surname', 'R. Thomas', 'Richard Thomas', 'initials_and_surname'],
    [
      'initials + surnames',
      'L.F. Quintairos Pérez',
      'Luis Fernando Quintairos Pérez',
      'initials_and_surname',
    ],
    ['initial of María + surname', 'M. Almanza', 'María del Carmen Almanza Sánchez', 'initials_and_surname'],
    ['nickname + surname initial', 'Mike B.', 'Michael Brooks', 'given_and_initial'],
    ['nickname + surname', 'Paco García', 'Francisco García Iglesias', 'given_and_surname'],
    ['compound nickname + surname', 'Juanjo Piña', 'Juan José Piña García', 'given_and_surname'],
    ['nickname for María X', 'Lupe', 'María Guadalupe Rivera', 'given_only'],
    ['Carmen for María del Carmen', 'Carmen', 'María del Carmen Mora Nieto', 'given_only'],
    ['Mari Carmen', 'Mari Carmen', 'María del Carmen Ruiz López', 'given_names'],
    ['Maite', 'Maite', 'María Teresa López García', 'given_only'],
    ['Chema', 'Chema G.', 'José María Gómez Ruiz', 'given_and_initial'],
    ['Pili for María Pilar', 'Pili Gómez', 'María Pilar Gómez Ruiz', 'given_and_surname'],
    ['Toni for Antonia', 'Toni F.', 'Antonia Fernández Cortés', 'given_and_initial'],
    ['Javier for Francisco Javier', 'Javier', 'Francisco Javier Casanova Jiménez', 'given_only'],
    ['short form that begins the name', 'Chris', 'Christina Hall', 'given_only'],
    ['short form Mel', 'Mel R.', 'Melanie Ross', 'given_and_initial'],
    ['formal name for a recorded nickname', 'William Smith', 'Bill Smith', 'given_and_surname'],
    [
      'nickname + full surname is not the full name',
      'Mike Phillips',
      'Michael Phillips',
      'given_and_surname',
    ],
    ['username: initial + surname', 'bmartinez78', 'Bennett Martinez', 'username_initial'],
    ['username: surname + initial', 'morenom74', 'María Moreno Arias', 'username_initial'],
    ['username: first + surname initial', 'kevinr', 'Kevin Russel', 'username_initial'],
    ['username: nickname + surname', 'lolireyes730', 'María Dolores Reyes Álvarez', 'username'],
    ['username: first + surname', 'scottdavis', 'Scott James Davis', 'username'],
    ['username: hyphenated surname joined', 'Marylebsackkris85', 'Mary Lebsack-Kris', 'username'],
    ['username: both given initials', 'jmgarcia', 'José Manuel García López', 'username_initial'],
    ['username with separators', 'sara_ruiz62', 'Sara Ruiz', 'full_name'],
    ['username with nickname', 'josh.wilson', 'Joshua Wilson', 'given_and_surname'],
    ['username, surname first', 'martinez_j', 'Josefa Martínez Vargas', 'initials_and_surname'],
    ['username: first name + digits', 'maria85', 'María Gil', 'given_only'],
  ])('%s: %j fits %j', (_label, reviewer, patient, kind) => {
    const result = fit(reviewer, patient);
    expect(result?.kind).toBe(kind);
    expect(result?.strength).toBeGreaterThan(0);
    expect(result?.strength).toBeLessThanOrEqual(1);
  });
});

describe('fitName: names that fit loosely (weighed lower, set aside when another patient fits as written)', () => {
  it.each([
    [
      'the second surname without the first',
      'Paco García',
      'Francisco Sánchez García',
      'second_surname_only',
    ],
    ['a spelling variant', 'Sara', 'Sarah Jones', 'given_spelling'],
    ['Spanish surnames swapped', 'María López García', 'María García López', 'reordered'],
    ['surname first, with a comma', 'García López, María', 'María García López', 'reordered'],
    ['surname first, English', 'Whitfield Harriet', 'Harriet Whitfield', 'reordered'],
    ['another romanisation', 'Muhammad Youssef', 'Mohammed Youssef', 'given_equivalent'],
    ['Turkish letters as English speakers write them', 'Shukru Chelik', 'Şükrü Çelik', 'surname_spelling'],
    ['Cyrillic', 'Александр Иванов', 'Aleksandr Ivanov', 'surname'],
    ['Greek', 'Γεώργιος Παπαδόπουλος', 'Georgios Papadopoulos', 'surname'],
    ['Arabic script', 'حسن حداد', 'Hassan Haddad', 'surname_spelling'],
    ['a typo in a long surname', 'Begoña Ecsudero', 'Begoña Escudero', 'surname_typo'],
    ['a title of one letter', 'M. Clémence Rousseau', 'Clémence Rousseau', 'reordered'],
  ])('%s: %j fits %j with %s', (_label, reviewer, patient, evidence) => {
    expect(fit(reviewer, patient)?.evidence).toContain(evidence);
  });

  it.each([
    ['Mario is not María', 'Mario Escudero', 'María Escudero'],
    ['Daniela is not Daniel', 'Daniela Whitfield', 'Daniel Whitfield'],
    ['a different first letter is not a typo', 'Amine Kaya', 'Emine Kaya'],
    ['a short word allows no typo', 'Jon Smith', 'Jan Smith'],
    ['two typos are too many', 'Jonathon Smyht', 'Jonathan Smith'],
    ['a typo is never the only evidence', 'Whitfeld', 'Harriet Whitfield'],
    ['given names keep their order', 'María José C.', 'José María Sánchez Contreras'],
  ])('%s: %j does not fit %j', (_label, reviewer, patient) => {
    expect(fit(reviewer, patient)).toBeNull();
  });
});

describe('fitName: titles and decorations are set aside', () => {
  it.each([
    ['Dr. Harriet Whitfield', 'Harriet Whitfield'],
    ['Sra. María García López', 'María García López'],
    ['Doña María García', 'María García'],
    ['Ayşe Kaya Hanım', 'Ayşe Kaya'],
    ['Mehmet Bey', 'Mehmet Öztürk'],
    ['Op. Dr. Mehmet Öztürk', 'Mehmet Öztürk'],
    ['Herr Jürgen Krüger', 'Jürgen Krüger'],
    ['Harriet Whitfield, PhD', 'Harriet Whitfield'],
    ['★ Harriet Whitfield ★', 'Harriet Whitfield'],
    ['JM García', 'José Manuel García'],
  ])('%j fits %j', (reviewer, patient) => {
    expect(fit(reviewer, patient)).not.toBeNull();
  });

  it('keeps Don as a given name when it is followed by one word', () => {
    expect(fit('Don Smith', 'Don Smith')?.kind).toBe('full_name');
  });
});

describe('fitName: names that do not fit', () => {
  it.each([
    ['an English middle name is not a call name', 'Michael Smith', 'John Michael Smith'],
    ['the second half of a Spanish compound name', 'Antonio', 'José Antonio Hidalgo García'],
    ['a given name after María, without the María', 'Guadalupe Rivera', 'María Guadalupe Rivera'],
    ['the initial of a hyphenated surname’s second part', 'Patricia R.', 'Patricia Diaz-Rutherford'],
    ['a final initial is a surname’s, not a middle name’s', 'Mary E.', 'Mary Emily Ward'],
    ['Liam is a name of its own', 'Liam', 'William Davis'],
    ['a short form needs a longer name', 'Dan', 'Dana White'],
    ['another first name', 'John Smith', 'Jane Smith'],
    ['a surname alone', 'Smith', 'John Smith'],
    ['an extra word', 'roy robert taylor', 'Robert Taylor'],
    ['initials only', 'J. S.', 'John Smith'],
    ['a capitalised word is a given name, not a username', 'Cansu', 'Su Can'],
    ['anonymous: English', 'A Trustpilot user', 'Trustpilot User'],
    ['anonymous: Spanish', 'Cliente', 'Cliente Pérez'],
    ['anonymous: Turkish', 'Anonim', 'Anonim Kaya'],
    ['empty', '', 'John Smith'],
  ])('%s: %j does not fit %j', (_label, reviewer, patient) => {
    expect(fit(reviewer, patient)).toBeNull();
  });
});

describe('describePatientName', () => {
  it.each([
    ['John Smith', [1], [0]],
    ['Pilar Fernández Fernández', [1], [0]],
    ['María Guadalupe Rivera', [2], [0]],
    ['José Antonio Fernández Velasco', [2], [0]],
    ['Halil Hasan Akpınar', [2], [0, 1]],
    ['Mary Lebsack-Kris', [1], [0]],
  ])('splits %j: surnames start at %j, goes by %j', (name, surnameStarts, callNames) => {
    const described = describePatientName(name);
    expect(described.surnameStarts).toEqual(surnameStarts);
    expect(described.callNames).toEqual(callNames);
  });

  it('keeps both splits when the middle word could be either', () => {
    expect(describePatientName('Lisa Zorbrook Cruickshank').surnameStarts).toEqual([1, 2]);
  });

  it('learns from the clinic’s other names', () => {
    const lexicon = emptyNameLexicon();
    for (const name of ['Zorbrook Smith', 'Zorbrook Jones', 'Ann Zorbrook'])
      addToNameLexicon(lexicon, tokenizeName(name));
    addToNameLexicon(lexicon, tokenizeName('Zorbrook Kim'));
    expect(describePatientName('Lisa Zorbrook Cruickshank', lexicon).surnameStarts).toEqual([2]);
  });
});

describe('parseReviewerName', () => {
  it.each([
    ['bmartinez78', 'bmartinez', null],
    ['Cansu', null, null],
    ['scottdavis', 'scottdavis', null],
    ['garcia.maria', null, ['maria', 'garcia']],
    ['Linda Mitchell', null, null],
  ])('reads %j as username %j, reversed %j', (raw, concatenated, reversed) => {
    const parsed = parseReviewerName(raw);
    expect(parsed.concatenated).toBe(concatenated);
    expect(parsed.reversedTokens?.map((token) => token.value) ?? null).toEqual(reversed);
  });
});
