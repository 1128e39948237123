import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, supportedLanguages } from '../i18n';

/** Picks the interface language; the choice is kept in localStorage and sets `<html lang>`. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const active = currentLanguage();
  // i18n is read so the button re-renders when the language changes.
  void i18n.language;

  return (
    <Menu position="bottom-end" withinPortal={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          size="compact-sm"
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
        >
          {/* The accessible name starts with the visible code (WCAG 2.5.3, label in name). */}
          {active.toUpperCase()}
          <VisuallyHidden> – {t('language.current', { language: t(`language.${active}`) })}</VisuallyHidden>
        </Button>
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
