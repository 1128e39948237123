import { useTranslation } from 'react-i18next';
import { formatLocaleNumber } from './locale-number-formatter';

/** Formats a number shown on its own (a big figure on a card) in the interface language: 11,051 / 11.051. */
export function useLocaleNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (value) => formatLocaleNumber(value, language);
}
