import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ConnectionBadge({ isConfigured }: { isConfigured: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Badge variant="light" color={isConfigured ? 'green' : 'dark'}>
      {t(isConfigured ? 'status.configured' : 'status.notConfigured')}
    </Badge>
  );
}
