import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { changeLanguage, currentLanguage, type SupportedLanguage, supportedLanguages } from '../i18n';
import { languageOfPath, localizedPath } from '../i18n/language.utils';
import { LanguageButton } from './language-button';

/** The language menu itself; LanguageSwitcher loads it on first use, already open. */
export function LanguageMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation('common');
  const active = currentLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  // On a page at a language URL (/es/pricing) the choice goes to that page's URL in the language chosen.
  function handleChoose(language: SupportedLanguage) {
    if (languageOfPath(pathname)) navigate(`${localizedPath(pathname, language)}${search}${hash}`);
    void changeLanguage(language);
  }

  return (
    <Menu position="bottom-end" withinPortal={false} defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton />
      </Menu.Target>
      <Menu.Dropdown>
        {supportedLanguages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => handleChoose(language)}
            rightSection={language === active ? <IconCheck size={16} aria-hidden="true" /> : null}
            aria-current={language === active ? 'true' : undefined}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
