import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What staff see where owners and admins manage the clinic (the API answered 403 FORBIDDEN). */
export function ManagersOnlyNotice() {
  const { t } = useTranslation('settings');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLock size={20} aria-hidden="true" />}
      title={t('forbidden.title')}
    >
      {t('forbidden.message')}
    </Alert>
  );
}
