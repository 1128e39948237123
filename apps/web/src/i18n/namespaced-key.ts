import type { CustomTypeOptions, ParseKeys } from 'i18next';

type TranslationNamespace = keyof CustomTypeOptions['resources'];

/** A translation key with its namespace (`auth:login.metaTitle`), checked against the English texts. */
export type NamespacedKey = { [Ns in TranslationNamespace]: `${Ns}:${ParseKeys<Ns>}` }[TranslationNamespace];
