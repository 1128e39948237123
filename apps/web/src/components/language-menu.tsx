import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, supportedLanguages } from '../i18n';
import { LanguageButton } from './language-button';

/** The language menu itself; LanguageSwitcher loads it on first use, already open. */
export function LanguageMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation('common');
  const active = currentLanguage();

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
            onClick={() => void changeLanguage(language)}
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
