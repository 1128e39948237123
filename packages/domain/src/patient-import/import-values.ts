import type { AppLanguage } from '../clinic-locale';
import type { MarketingConsentState } from '../consent';
import type { PatientStatus, Procedure } from '../patient';
import { normalizeWords } from './import-targets';

function lookup<T>(entries: [T, readonly string[]][]): (text: string) => T | undefined {
  const byWords = new Map<string, T>();
  for (const [value, words] of entries) for (const word of words) byWords.set(normalizeWords(word), value);
  return (text) => byWords.get(normalizeWords(text));
}

/** The product's procedures by their names in English, Spanish and Turkish. */
export const procedureFromText = lookup<Procedure>([
  [
    'Hair Transplant',
    ['hair transplant', 'trasplante capilar', 'injerto capilar', 'trasplante de pelo', 'saç ekimi'],
  ],
  ['Dental Implant', ['dental implant', 'implante dental', 'implantes dentales', 'diş implantı', 'implant']],
  [
    'Plastic Surgery',
    ['plastic surgery', 'cirugía plástica', 'cirugía estética', 'estetik cerrahi', 'plastik cerrahi'],
  ],
  ['PRP Treatment', ['prp treatment', 'prp', 'tratamiento prp', 'prp tedavisi']],
  ['Teeth Whitening', ['teeth whitening', 'blanqueamiento dental', 'blanqueamiento', 'diş beyazlatma']],
  ['Root Canal', ['root canal', 'endodoncia', 'tratamiento de conducto', 'kanal tedavisi']],
  ['Other', ['other', 'otro', 'otros', 'diğer']],
]);

export const statusFromText = lookup<PatientStatus>([
  ['active', ['active', 'activo', 'activa', 'aktif']],
  ['completed', ['completed', 'completado', 'completada', 'finalizado', 'tamamlandı', 'tamamlandi']],
  ['watch', ['watch', 'vigilar', 'seguimiento', 'izleme', 'takip']],
  ['red', ['red', 'critical', 'crítico', 'crítica', 'kritik']],
]);

export const languageFromText = lookup<AppLanguage>([
  ['en', ['en', 'eng', 'english', 'inglés', 'ingilizce']],
  ['es', ['es', 'spa', 'spanish', 'español', 'espanol', 'castellano', 'ispanyolca']],
  ['tr', ['tr', 'tur', 'turkish', 'turco', 'türkçe', 'turkce']],
]);

/** A consent column: yes (granted) or no (withdrawn) in en/es/tr; blank means nothing recorded. */
export const consentFromText = lookup<MarketingConsentState>([
  ['granted', ['yes', 'y', 'true', '1', 'x', 'granted', 'opt in', 'sí', 'si', 's', 'evet', 'e', 'var']],
  ['withdrawn', ['no', 'n', 'false', '0', 'withdrawn', 'opt out', 'hayır', 'h', 'yok']],
]);
