import { foldText } from './normalize-name';

// Words review sites and reviewers put beside a name that are not part of it: where the reviewer
// lives (countries, country codes, large cities of the clinics' markets, in en/es/tr/de/fr/it/pt),
// and roles or site badges ("Local Guide", "12 reviews", "patient", "mum"). Gathered from how
// Google, Trustpilot and forum display names are commonly written; a word here is only set aside
// when the name as written fits nobody, so a patient called Victoria or Jordan is still found.
const setAsideList = `
  uk gb usa us de es fr it nl be ch at ie pt se no dk fi pl ca au nz mx ar co cl pe br ae sa qa kw
  ru gr tr ma dz tn eg il ro bg hu cz sk hr si rs
  england scotland wales ireland britain united kingdom states america canada australia
  spain espana espanya germany deutschland alemania almanya france francia fransa frankreich
  italy italia italien turkey turkiye turquia turkei netherlands holland nederland holanda
  belgium belgica belgique belcika switzerland suiza schweiz suisse isvicre austria osterreich
  portugal sweden suecia norway noruega denmark dinamarca poland polonia mexico argentina
  colombia chile peru brasil brazil venezuela ecuador uruguay russia rusia rusya greece grecia
  yunanistan emirates dubai morocco marruecos algeria tunisia egypt israel romania bulgaria
  london manchester birmingham leeds liverpool glasgow edinburgh bristol sheffield newcastle
  cardiff belfast dublin cork nottingham leicester brighton oxford cambridge southampton
  madrid barcelona valencia sevilla seville malaga zaragoza bilbao alicante murcia palma granada
  cordoba valladolid vigo gijon coruna santander pamplona
  istanbul ankara izmir antalya bursa adana konya
  berlin hamburg munchen munich koln cologne frankfurt stuttgart dusseldorf dortmund essen bremen
  leipzig dresden hannover nurnberg wien vienna zurich geneve geneva basel bern
  paris lyon marseille toulouse nice nantes strasbourg bordeaux lille bruxelles brussels
  amsterdam rotterdam antwerpen lisboa lisbon porto roma rome milano milan napoli torino
  stockholm oslo copenhagen helsinki warsaw warszawa moscow moskva athens athina
  york jersey toronto vancouver montreal sydney melbourne miami texas california florida
  ciudad bogota lima santiago caracas quito montevideo
  local guide guides reviews review photos photo ratings level verified
  patient patients paciente hasta patientin client cliente mum mom mother dad father
  mama madre papa padre anne baba mutter vater wife husband esposa esposo
  nurse dentist doctor engineer teacher student retired traveller traveler tourist
  from desde aus depuis
`;

const setAsideWords = new Set(
  setAsideList
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => foldText(word)),
);

/** Whether a folded word is a place, country code, role or badge word (`london`, `uk`, `guide`). */
export const isSetAsideWord = (word: string): boolean => setAsideWords.has(word);

// A dash, middle dot, bullet or bar between spaces, or a comma, separates the name from a remark.
const separators = /\s+[-–—]\s+|\s*[·•|,]\s*/u;
// "Harriet Ashworth from Leeds", "María desde Madrid", "Jan aus Köln": the place follows.
const fromPlace = /\s+(?:from|desde|aus|depuis)\s+.*$/iu;

const wordsOf = (text: string): string[] =>
  text
    .split(/[\s.]+/u)
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

const isAllSetAside = (text: string): boolean => {
  const words = wordsOf(text).map((word) => foldText(word).replace(/[^a-z0-9]/g, ''));
  return words.every((word) => word.length === 0 || /^\d+$/.test(word) || setAsideWords.has(word));
};

const withoutSetAsideWords = (text: string): string =>
  wordsOf(text)
    .filter((word) => {
      const folded = foldText(word).replace(/[^a-z]/g, '');
      return folded.length > 0 && !setAsideWords.has(folded);
    })
    .join(' ');

/**
 * Other readings of a reviewer name, tried in order when the name as written fits nobody: the
 * parts a dash, middle dot, bar or comma separates, or what comes before "from <place>", leaving
 * out parts made only of places, roles and badges; then the name without such words, when two
 * words or more remain. Never includes the name as written.
 */
export const otherReviewerReadings = (raw: string): string[] => {
  const trimmed = raw.trim();
  const readings: string[] = [];
  const keep = (reading: string) => {
    // Separators and commas left at either end are not part of the name.
    const clean = reading.replace(/^[\s,·•|–—-]+|[\s,·•|–—-]+$/gu, '');
    if (clean.length > 0 && clean !== trimmed && !readings.includes(clean)) readings.push(clean);
  };
  const beforePlace = trimmed.replace(fromPlace, '');
  const parts = beforePlace.split(separators).filter((part) => part.trim().length > 0);
  const nameParts = parts.filter((part) => !isAllSetAside(part));
  // A comma may also separate surname and given name ("García López, María"): kept as written.
  const onlyComma = !/\s+[-–—]\s+|[·•|]/u.test(beforePlace);
  if (nameParts.length > 0 && (!onlyComma || nameParts.length < parts.length)) {
    for (const part of nameParts) keep(part);
  }
  if (beforePlace !== trimmed) keep(beforePlace);
  for (const reading of [trimmed, ...readings]) {
    const reduced = withoutSetAsideWords(reading);
    if (wordsOf(reduced).length >= 2) keep(reduced);
  }
  return readings;
};
