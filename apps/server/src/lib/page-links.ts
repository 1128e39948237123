import { type AppLanguage, defaultAppLanguage } from '@careloop/domain/clinic-locale';

/**
 * A link sent by mail that opens the web app's page in the reader's language: the public pages
 * (sign-up, reset password) have language URLs (`/es/reset-password`); English has the bare path.
 */
export function localizedPageUrl(publicUrl: string, path: string, language: AppLanguage): string {
  const prefix = language === defaultAppLanguage ? '' : `/${language}`;
  return `${publicUrl}${prefix}${path}`;
}

/**
 * A page outside the public site (the e-mail confirmation) has no language URL: the language rides
 * in the query (`lang=es`), which the web app reads before it draws anything.
 */
export function pageUrlWithLanguage(publicUrl: string, pathAndQuery: string, language: AppLanguage): string {
  const separator = pathAndQuery.includes('?') ? '&' : '?';
  return `${publicUrl}${pathAndQuery}${separator}lang=${language}`;
}
