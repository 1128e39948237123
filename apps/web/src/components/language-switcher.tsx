import { lazy, Suspense, useState } from 'react';
import type { SupportedLanguage } from '../i18n';
import { LanguageButton } from './language-button';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * Picks the interface language; the choice is kept in localStorage (and, signed in, on the account
 * through `onChoose`), sets `<html lang>` and, on a public page, moves to its URL in that language. The
 * menu and its positioning code load on first use (hover or focus fetches them), so a first page
 * does not carry them.
 */
export function LanguageSwitcher({ onChoose }: { onChoose?: (language: SupportedLanguage) => void }) {
  const [isMenuWanted, setIsMenuWanted] = useState(false);
  const closedButton = (
    <LanguageButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setIsMenuWanted(true)}
    />
  );
  if (!isMenuWanted) return closedButton;
  return (
    <Suspense fallback={closedButton}>
      <LanguageMenu defaultOpened onChoose={onChoose} />
    </Suspense>
  );
}
