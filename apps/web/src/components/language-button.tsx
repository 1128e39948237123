import { Button, type ButtonProps, VisuallyHidden } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';

type LanguageButtonProps = ButtonProps & ComponentPropsWithoutRef<'button'>;

/** The button that shows the active language; Menu.Target passes it its handlers and ARIA state. */
export const LanguageButton = forwardRef<HTMLButtonElement, LanguageButtonProps>(
  function LanguageButton(props, ref) {
    const { t, i18n } = useTranslation('common');
    const active = currentLanguage();
    // i18n is read so the button re-renders when the language changes.
    void i18n.language;
    return (
      <Button
        ref={ref}
        variant="subtle"
        color="dark"
        size="compact-sm"
        leftSection={<IconLanguage size={18} aria-hidden="true" />}
        {...props}
      >
        {/* The accessible name starts with the visible code (WCAG 2.5.3, label in name). */}
        {active.toUpperCase()}
        <VisuallyHidden> – {t('language.current', { language: t(`language.${active}`) })}</VisuallyHidden>
      </Button>
    );
  },
);
