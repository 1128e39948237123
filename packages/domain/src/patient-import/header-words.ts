import { type ColumnMapping, type ImportTarget, normalizeWords } from './import-targets';

/** Header words clinics' exports use (en, es, tr), normalised by `normalizeWords`. */
const headerPhrases: Record<ImportTarget, readonly string[]> = {
  name: [
    'name',
    'full name',
    'patient',
    'patient name',
    'nombre completo',
    'nombre y apellidos',
    'paciente',
    'ad soyad',
    'adi soyadi',
    'ad soyadi',
    'isim soyisim',
    'hasta',
    'hasta adi',
  ],
  given_name: ['first name', 'given name', 'firstname', 'forename', 'nombre', 'ad', 'adi', 'isim'],
  family_name: [
    'last name',
    'surname',
    'family name',
    'lastname',
    'apellidos',
    'apellido',
    'primer apellido',
    'soyad',
    'soyadi',
    'soyisim',
  ],
  email: ['email', 'e mail', 'mail', 'email address', 'correo', 'correo electronico', 'e posta', 'eposta'],
  phone: [
    'phone',
    'telephone',
    'mobile',
    'cell',
    'phone number',
    'mobile phone',
    'telefono',
    'movil',
    'celular',
    'tel',
    'telefon',
    'cep',
    'cep telefonu',
    'gsm',
    'telefon numarasi',
  ],
  procedure: [
    'procedure',
    'treatment',
    'tratamiento',
    'procedimiento',
    'intervencion',
    'islem',
    'tedavi',
    'operasyon',
  ],
  status: ['status', 'estado', 'durum'],
  comment: [
    'comment',
    'comments',
    'note',
    'notes',
    'nota',
    'notas',
    'observaciones',
    'comentario',
    'comentarios',
    'not',
    'notlar',
    'aciklama',
  ],
  procedure_date: [
    'procedure date',
    'procedure_date',
    'date',
    'treatment date',
    'fecha',
    'fecha tratamiento',
    'fecha de tratamiento',
    'fecha intervencion',
    'tarih',
    'islem tarihi',
    'tedavi tarihi',
    'operasyon tarihi',
  ],
  language: ['language', 'lang', 'idioma', 'lengua', 'dil'],
  marketing_consent: [
    'marketing consent',
    'consent',
    'marketing',
    'consentimiento',
    'consentimiento marketing',
    'acepta publicidad',
    'publicidad',
    'pazarlama izni',
    'izin',
    'iletisim izni',
  ],
};

const exactPhrase = new Map<string, ImportTarget>();
for (const [target, phrases] of Object.entries(headerPhrases) as [ImportTarget, readonly string[]][]) {
  for (const phrase of phrases) exactPhrase.set(normalizeWords(phrase), target);
}

// A header that is not a known phrase but holds one of these words: dates first, so that
// 'Fecha última visita' is a date rather than a visit.
const wordHints: [ImportTarget, readonly string[]][] = [
  ['procedure_date', ['date', 'fecha', 'tarih', 'tarihi']],
  ['email', ['email', 'mail', 'correo', 'eposta']],
  ['phone', ['phone', 'mobile', 'telefono', 'movil', 'telefon', 'cep', 'gsm']],
  ['family_name', ['surname', 'apellidos', 'apellido', 'soyad', 'soyadi']],
  ['procedure', ['procedure', 'treatment', 'tratamiento', 'tedavi', 'islem']],
  ['marketing_consent', ['consent', 'consentimiento', 'izin']],
  ['comment', ['notes', 'notas', 'observaciones', 'comentarios', 'notlar']],
];

/** The target a header names, or null when it names none of them. */
export function targetForHeader(header: string): ImportTarget | null {
  const words = normalizeWords(header);
  if (words === '') return null;
  const exact = exactPhrase.get(words);
  if (exact) return exact;
  const present = new Set(words.split(' '));
  for (const [target, hints] of wordHints) {
    if (hints.some((hint) => present.has(hint))) return target;
  }
  return null;
}

/**
 * The mapping proposed for a header row: a column staff mapped before (`remembered`, by its
 * normalised header) keeps that choice, others are read from their words; each target is taken
 * by its first column only. A given name without a family name column is the whole name.
 */
export function proposeMapping(
  header: readonly string[],
  remembered: Readonly<Record<string, ImportTarget | null>> = {},
): ColumnMapping {
  const taken = new Set<ImportTarget>();
  const mapping: ColumnMapping = header.map((cell) => {
    const key = normalizeWords(cell);
    const target = key in remembered ? (remembered[key] ?? null) : targetForHeader(cell);
    if (!target || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
  if (taken.has('given_name') && !taken.has('family_name') && !taken.has('name')) {
    return mapping.map((target) => (target === 'given_name' ? 'name' : target));
  }
  return mapping;
}

/** Staff's choices, keyed by normalised header, to remember for the clinic's next file. */
export function mappingToRemember(
  header: readonly string[],
  mapping: ColumnMapping,
): Record<string, ImportTarget | null> {
  const remembered: Record<string, ImportTarget | null> = {};
  header.forEach((cell, at) => {
    const key = normalizeWords(cell);
    if (key !== '') remembered[key] = mapping[at] ?? null;
  });
  return remembered;
}
