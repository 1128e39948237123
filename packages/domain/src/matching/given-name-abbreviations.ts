import { foldText } from './normalize-name';

// Conventional written abbreviations of given names, as staff read them at a glance: the
// contractions of parish registers, letters and forms (Spanish "Fco." for Francisco, "Mª" for
// María; English "Wm." for William; Arabic names written in Latin "Mohd" for Mohammed). Written
// from common usage in each language's style guides and civil-record practice, not from any data
// set. The dot is optional (the tokenizer drops it); `Mª` folds to `ma`.
const abbreviationTable: ReadonlyArray<readonly [abbreviation: string, formal: string]> = [
  // Spanish and Latin American
  ['Fco', 'Francisco'],
  ['Fca', 'Francisca'],
  ['Fdo', 'Fernando'],
  ['Fda', 'Fernanda'],
  ['Gmo', 'Guillermo'],
  ['Ma', 'María'],
  ['Ma', 'Manuel'],
  ['Mnl', 'Manuel'],
  ['Ant', 'Antonio'],
  ['Anto', 'Antonio'],
  ['Jph', 'José'],
  ['Jse', 'José'],
  ['Jsé', 'José'],
  ['Alej', 'Alejandro'],
  ['Alej', 'Alejandra'],
  ['Rdo', 'Ricardo'],
  ['Rbto', 'Roberto'],
  ['Edo', 'Eduardo'],
  ['Gpe', 'Guadalupe'],
  ['Concep', 'Concepción'],
  ['Inmac', 'Inmaculada'],
  ['Asun', 'Asunción'],
  ['Encarn', 'Encarnación'],
  ['Montse', 'Montserrat'],
  // English
  ['Wm', 'William'],
  ['Chas', 'Charles'],
  ['Thos', 'Thomas'],
  ['Jas', 'James'],
  ['Geo', 'George'],
  ['Jno', 'John'],
  ['Robt', 'Robert'],
  ['Benj', 'Benjamin'],
  ['Saml', 'Samuel'],
  ['Edw', 'Edward'],
  ['Richd', 'Richard'],
  ['Danl', 'Daniel'],
  ['Alexr', 'Alexander'],
  ['Jos', 'Joseph'],
  ['Theo', 'Theodore'],
  ['Reg', 'Reginald'],
  ['Phil', 'Philippa'],
  ['Ros', 'Rosalind'],
  ['Dom', 'Dominic'],
  // Turkish (dropped vowels, as in signatures and SMS)
  ['Mhmt', 'Mehmet'],
  ['Mhmet', 'Mehmet'],
  ['Mst', 'Mustafa'],
  ['Mstf', 'Mustafa'],
  ['Hsn', 'Hasan'],
  ['Hsyn', 'Hüseyin'],
  ['Hüs', 'Hüseyin'],
  ['Ahm', 'Ahmet'],
  ['Abd', 'Abdullah'],
  ['Şük', 'Şükrü'],
  ['Gök', 'Gökhan'],
  ['Oğz', 'Oğuzhan'],
  ['Ayşg', 'Ayşegül'],
  // German
  ['Joh', 'Johann'],
  ['Joh', 'Johannes'],
  ['Wilh', 'Wilhelm'],
  ['Frdr', 'Friedrich'],
  ['Friedr', 'Friedrich'],
  ['Chr', 'Christian'],
  ['Chr', 'Christoph'],
  ['Hch', 'Heinrich'],
  ['Hnr', 'Heinrich'],
  ['Gg', 'Georg'],
  ['Ferd', 'Ferdinand'],
  ['Gottfr', 'Gottfried'],
  ['Ldw', 'Ludwig'],
  ['Sigm', 'Sigmund'],
  ['Eberh', 'Eberhard'],
  ['Wolfg', 'Wolfgang'],
  ['Hildeg', 'Hildegard'],
  // French
  ['Fr', 'François'],
  ['Fçois', 'François'],
  ['Ch', 'Charles'],
  ['Jn', 'Jean'],
  ['Jph', 'Joseph'],
  ['Gve', 'Gustave'],
  ['Gme', 'Guillaume'],
  ['Bapt', 'Baptiste'],
  ['Aug', 'Auguste'],
  ['Séb', 'Sébastien'],
  ['Clém', 'Clémence'],
  ['Gen', 'Geneviève'],
  ['Amél', 'Amélie'],
  // Italian
  ['Gius', 'Giuseppe'],
  ['Giov', 'Giovanni'],
  ['Franc', 'Francesco'],
  ['Fr', 'Francesco'],
  ['Ant', 'Antonio'],
  ['Vinc', 'Vincenzo'],
  ['Salv', 'Salvatore'],
  ['Dom', 'Domenico'],
  ['Bart', 'Bartolomeo'],
  // Portuguese
  ['Jo', 'João'],
  ['Ant', 'António'],
  ['Ant', 'Antônio'],
  ['Fco', 'Francisco'],
  ['Seb', 'Sebastião'],
  ['Conc', 'Conceição'],
  // Arabic names written in Latin
  ['Mohd', 'Mohammed'],
  ['Mohd', 'Mohamed'],
  ['Mohd', 'Muhammad'],
  ['Md', 'Mohammed'],
  ['Md', 'Muhammad'],
  ['Mhd', 'Mohammed'],
  ['Mhd', 'Muhammad'],
  ['Muhd', 'Muhammad'],
  ['Mohd', 'Mohammad'],
  ['Abd', 'Abdul'],
  ['Abd', 'Abdullah'],
  ['Abd', 'Abdelaziz'],
  ['Abdul', 'Abdullah'],
];

const fold = (value: string): string => foldText(value).replace(/[^a-z ]/g, '');

const formalsByAbbreviation = new Map<string, string[][]>();
for (const [abbreviation, formal] of abbreviationTable) {
  const key = fold(abbreviation);
  const words = fold(formal).split(' ');
  if (key === words.join(' ')) continue;
  const known = formalsByAbbreviation.get(key) ?? [];
  if (!known.some((other) => other.join(' ') === words.join(' '))) known.push(words);
  formalsByAbbreviation.set(key, known);
}

/** The given names (folded words) a written abbreviation stands for: `fco` → `[['francisco']]`. */
export const abbreviatedNamesOf = (word: string): readonly string[][] =>
  formalsByAbbreviation.get(word) ?? [];

const vowels = /[aeiouy]/;

const isSubsequence = (short: string, long: string): boolean => {
  let at = 0;
  for (const letter of long) if (letter === short[at]) at += 1;
  return at === short.length;
};

/**
 * Whether a reviewer word is a written abbreviation of a given name by the two rules of written
 * abbreviation: a truncation written with a full stop (`Inmac.` for Inmaculada, `Wolfg.` for
 * Wolfgang; three letters or more, two or more left out), possibly closed by the name's last
 * letter (`Regd.` for Reginald), or a contraction of consonants that
 * keeps the first and last letters (`Mhmt` for Mehmet, `Wm` for William). Words that are given
 * names themselves (`Emil`, `Mari`) are not read as abbreviations: the caller checks that.
 */
export const isAbbreviationOf = (word: string, dotted: boolean, givenName: string): boolean => {
  if (word.length < 2 || givenName.length < word.length + 2 || word[0] !== givenName[0]) return false;
  if (dotted && word.length >= 3 && givenName.startsWith(word)) return true;
  // A truncation closed by the name's last letter (`Regd.` Reginald, `Domc.` Dominic).
  if (
    dotted &&
    word.length >= 4 &&
    givenName.startsWith(word.slice(0, -1)) &&
    word[word.length - 1] === givenName[givenName.length - 1]
  ) {
    return true;
  }
  return (
    !vowels.test(word.slice(1)) &&
    word[word.length - 1] === givenName[givenName.length - 1] &&
    isSubsequence(word, givenName)
  );
};

/** Whether a word could be a truncation or contraction (`isAbbreviationOf`) of some given name. */
export const mayBeAbbreviation = (word: string, dotted: boolean): boolean =>
  (dotted && word.length >= 3) || (word.length >= 2 && !vowels.test(word.slice(1)));
