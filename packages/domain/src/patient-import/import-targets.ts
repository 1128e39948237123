/**
 * What a column of an import file can become. `given_name` and `family_name` are joined into the
 * patient's name; a column mapped to nothing (null) is ignored.
 */
export const importTargets = [
  'name',
  'given_name',
  'family_name',
  'email',
  'phone',
  'procedure',
  'status',
  'comment',
  'procedure_date',
  'language',
  'marketing_consent',
] as const;
export type ImportTarget = (typeof importTargets)[number];

/** One target (or null: ignored) per column of the file, in column order. */
export type ColumnMapping = (ImportTarget | null)[];

export function isImportTarget(value: unknown): value is ImportTarget {
  return importTargets.some((target) => target === value);
}

/**
 * Lower case, accents and punctuation gone, words separated by one space: 'Teléfono Móvil' and
 * 'TELEFONO_movil' both read 'telefono movil'; Turkish dotted and dotless i both become 'i'.
 */
export function normalizeWords(text: string): string {
  return text
    .replaceAll('ı', 'i')
    .replaceAll('İ', 'I')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
