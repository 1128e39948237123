// Letters that Unicode does not decompose into a base letter plus accent, common in the
// product's languages (Turkish, Spanish) and their neighbours.
const extraTransliterations: Readonly<Record<string, string>> = {
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

/**
 * Blog slug: the title lowercased, each run of non-alphanumeric characters turned into one
 * hyphen, with leading and trailing hyphens trimmed. "Alphanumeric" means ASCII a-z and 0-9;
 * accented letters are first reduced to their base letter ('Café' -> 'cafe', 'İyileşme' ->
 * 'iyilesme') so that Spanish and Turkish titles keep readable, ASCII-only URLs.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ıßæœøłđðþ]/g, (letter) => extraTransliterations[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
