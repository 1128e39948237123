import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { changeLanguage, currentLanguage, type SupportedLanguage, supportedLanguages } from '../i18n';
import { localizedPath, unlocalizedPath } from '../i18n/language.utils';
import { isPublicPagePath } from '../lib/localized-path';
import { LanguageButton } from './language-button';

type LanguageMenuProps = {
  defaultOpened?: boolean;
  /** Also told of the choice (the signed-in shell keeps it on the account). */
  onChoose?: (language: SupportedLanguage) => void;
};

/** The language menu itself; LanguageSwitcher loads it on first use, already open. */
export function LanguageMenu({ defaultOpened, onChoose }: LanguageMenuProps) {
  const { t } = useTranslation('common');
  const active = currentLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  // On a public page (/pricing, /es/pricing) the choice goes to that page's URL in the language chosen,
  // so the address says the language and a link shared from it opens in it.
  function handleChoose(language: SupportedLanguage) {
    if (isPublicPagePath(unlocalizedPath(pathname))) {
      navigate(`${localizedPath(pathname, language)}${search}${hash}`);
    }
    void changeLanguage(language);
    onChoose?.(language);
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
