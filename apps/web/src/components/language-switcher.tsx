import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './language-button';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * Picks the interface language; the choice is kept in localStorage and sets `<html lang>`. The
 * menu and its positioning code load on first use (hover or focus fetches them), so a first page
 * does not carry them.
 */
export function LanguageSwitcher() {
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
      <LanguageMenu defaultOpened />
    </Suspense>
  );
}
