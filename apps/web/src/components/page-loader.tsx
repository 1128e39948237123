import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Centered spinner with the text 'Loading...', announced to screen readers. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
