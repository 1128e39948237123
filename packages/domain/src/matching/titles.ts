// Titles, honorifics and decorations people put around their name, in English, Spanish, Turkish
// and the international ones reviewers use; they are set aside when names are compared (folded
// spelling: `doña` → `dona`, `hanım` → `hanim`).
const alwaysTitles = `
  mr mrs ms mx miss mister madam sir dame lady lord dr drs doctor doc dra doctora prof professor
  profesor profesora rev revd fr father pastor
  sr sra srta senor senora senorita sres lic licenciado licenciada ing ingeniero arq abg abogado
  bay bayan sayin hanim hanimefendi bey beyefendi hn op opr uzm doc ecz av muh hoca haci
  herr frau fraulein dipl mag mme mlle monsieur madame signor signora sig
  dna jr jnr snr ii iii iv phd md dds dmd rn bsc msc mba esq cpa
`;

// Words that are a title before a name but also a given name of their own ("Don Smith"):
// set aside only when two or more words follow.
const titlesBeforeFullNames = `don dona`;

const toSet = (list: string): Set<string> => new Set(list.split(/\s+/).filter((word) => word.length > 0));

const titles = toSet(alwaysTitles);
const ambiguousTitles = toSet(titlesBeforeFullNames);

/** Whether a folded word at this place of a name is a title or decoration, not a name. */
export const isTitle = (word: string, wordsAfter: number): boolean =>
  titles.has(word) || (ambiguousTitles.has(word) && wordsAfter >= 2);
