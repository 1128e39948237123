import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { changeLanguage, currentLanguage, type SupportedLanguage } from '../i18n';

/**
 * The public pages under a language URL (`/es/...`, `/tr/...`) are in that language: the first load
 * starts in it (i18n reads the path) and the pre-rendering renders in it; arriving here from a page in
 * another language switches over and remembers the choice.
 */
export function PathLanguage({ language }: { language: SupportedLanguage }) {
  useEffect(() => {
    if (currentLanguage() !== language) void changeLanguage(language);
  }, [language]);
  return <Outlet />;
}
