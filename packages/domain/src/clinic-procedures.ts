import type { AppLanguage } from './clinic-locale';
import { hasDirectionControl } from './direction-controls';
import type { DomainMessage } from './domain-message';
import { type Procedure, procedureOptions } from './patient';
import { normalizeWords } from './patient-import/import-targets';
import { procedureFromText } from './patient-import/import-values';
import { procedureWordings } from './procedure-names';

/**
 * A procedure of a clinic's list. `key` is what a patient record stores and what follow-up
 * templates, analytics and the API read: it never changes, so renaming a procedure renames it
 * everywhere at once. A name per language is how staff read it; a missing one falls back to the key.
 */
export type ClinicProcedure = {
  key: string;
  names: Record<AppLanguage, string | null>;
  archived: boolean;
  /** One of the product's seven procedures (every clinic starts with them). */
  builtIn: boolean;
};

/** What a clinic stored: a procedure of its own, or a built-in one renamed or archived. */
export type StoredClinicProcedure = {
  key: string;
  nameEn: string | null;
  nameEs: string | null;
  nameTr: string | null;
  archivedAt: Date | null;
};

/** The unknown procedures of an import file become this one, with the file's text kept beside it. */
export const fallbackProcedure: Procedure = 'Other';

export const procedureNameMaxLength = 100;

const isBuiltIn = (key: string): key is Procedure => (procedureOptions as readonly string[]).includes(key);

/** The seven procedures every clinic starts with, named in each language. */
export const defaultClinicProcedures: readonly ClinicProcedure[] = procedureOptions.map((key) => ({
  key,
  names: { ...procedureWordings[key].label },
  archived: false,
  builtIn: true,
}));

/**
 * A clinic's list: the seven defaults (with the clinic's renames and archives) first in their
 * order, then its own procedures in the order given.
 */
export function clinicProcedureList(stored: readonly StoredClinicProcedure[]): ClinicProcedure[] {
  const byKey = new Map(stored.map((row) => [row.key, row]));
  const fromRow = (row: StoredClinicProcedure, fallback: Record<AppLanguage, string | null>) => ({
    en: row.nameEn ?? fallback.en,
    es: row.nameEs ?? fallback.es,
    tr: row.nameTr ?? fallback.tr,
  });
  const defaults = defaultClinicProcedures.map((procedure) => {
    const row = byKey.get(procedure.key);
    return row
      ? { ...procedure, names: fromRow(row, procedure.names), archived: row.archivedAt !== null }
      : procedure;
  });
  const own = stored
    .filter((row) => !isBuiltIn(row.key))
    .map((row) => ({
      key: row.key,
      names: fromRow(row, { en: null, es: null, tr: null }),
      archived: row.archivedAt !== null,
      builtIn: false,
    }));
  return [...defaults, ...own];
}

/** The name staff read in their language: that language's, else the English one, else the key. */
export function procedureLabel(procedure: ClinicProcedure, language: AppLanguage): string {
  return procedure.names[language] ?? procedure.names.en ?? procedure.key;
}

/**
 * The key of the procedure a text names, among the clinic's procedures still in use: its key or
 * any of its names in any language, case and accents aside ("ortodoncia" for "Ortodoncia"), and
 * the product's own wordings of the seven defaults ("endodoncia", "saç ekimi"). Undefined: unknown.
 */
export function procedureKeyFromText(list: readonly ClinicProcedure[], text: string): string | undefined {
  const wanted = normalizeWords(text);
  if (wanted === '') return undefined;
  const active = list.filter((procedure) => !procedure.archived);
  const named = active.find((procedure) =>
    [procedure.key, ...Object.values(procedure.names)].some(
      (name) => name !== null && normalizeWords(name) === wanted,
    ),
  );
  if (named) return named.key;
  const builtIn = procedureFromText(text);
  return builtIn && active.some((procedure) => procedure.key === builtIn) ? builtIn : undefined;
}

export type ImportedProcedure = { key: string; original: string | null };

/**
 * A procedure cell of an import file: a known procedure by its key; one staff mapped in the
 * preview to the key they chose; anything else to "Other", keeping the file's text.
 */
export function importedProcedure(
  list: readonly ClinicProcedure[],
  text: string,
  staffMapping: Readonly<Record<string, string>> = {},
): ImportedProcedure {
  const known = procedureKeyFromText(list, text);
  if (known) return { key: known, original: null };
  const chosen = staffMapping[text.trim()];
  const chosenKey = chosen === undefined ? undefined : procedureKeyFromText(list, chosen);
  if (chosenKey && chosenKey !== fallbackProcedure) return { key: chosenKey, original: null };
  return { key: fallbackProcedure, original: text.trim() };
}

export const procedureMessages = {
  nameRequired: { key: 'procedures.errors.nameRequired', message: 'Give the procedure a name' },
  nameTooLong: {
    key: 'procedures.errors.nameTooLong',
    message: `A procedure's name has at most ${procedureNameMaxLength} characters`,
  },
  nameTaken: { key: 'procedures.errors.nameTaken', message: 'Another procedure already has this name' },
  otherStays: {
    key: 'procedures.errors.otherStays',
    message: '"Other" stays in the list: imports put unknown procedures there',
  },
  directionControl: {
    key: 'common.errors.directionControl',
    message: 'Remove the invisible text-direction characters from this name',
  },
} as const satisfies Record<string, DomainMessage>;

type Names = Partial<Record<AppLanguage, string | null>>;

/**
 * The problem with a set of names for a procedure, or null: at least one name, each short and
 * without direction controls, and none another procedure (of `list`, except `key` itself) goes by.
 */
export function procedureNamesProblem(
  list: readonly ClinicProcedure[],
  names: Names,
  key: string | null,
): DomainMessage | null {
  const given = Object.values(names)
    .map((name) => name?.trim() ?? '')
    .filter((name) => name !== '');
  if (given.length === 0) return procedureMessages.nameRequired;
  if (given.some((name) => name.length > procedureNameMaxLength)) return procedureMessages.nameTooLong;
  if (given.some(hasDirectionControl)) return procedureMessages.directionControl;
  const others = list.filter((procedure) => procedure.key !== key);
  const taken = new Set(
    others.flatMap((procedure) =>
      [procedure.key, ...Object.values(procedure.names)].flatMap((name) =>
        name === null ? [] : [normalizeWords(name)],
      ),
    ),
  );
  return given.some((name) => taken.has(normalizeWords(name))) ? procedureMessages.nameTaken : null;
}
