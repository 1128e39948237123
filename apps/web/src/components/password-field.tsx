import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's PasswordInput with a named show/hide button (axe: button-name). */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('common');
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('actions.togglePasswordVisibility') }}
      {...props}
    />
  );
}
