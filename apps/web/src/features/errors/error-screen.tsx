import { Button, Center, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type ErrorScreenProps = {
  errorId: string;
  onTryAgain: () => void;
  onReload?: () => void;
};

/** The generic error screen: what happened, the Error ID to quote, and two ways out. */
export function ErrorScreen({
  errorId,
  onTryAgain,
  onReload = () => window.location.reload(),
}: ErrorScreenProps) {
  const { t } = useTranslation('errors');
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%" role="alert">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden="true">
            <IconAlertTriangle size={32} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            {t('boundary.title')}
          </Title>
          <Text>{t('boundary.description')}</Text>
          <Text fz="sm" c="dimmed">
            {t('boundary.errorId')}: <Code>{errorId}</Code>
          </Text>
          <Group justify="center">
            <Button onClick={onTryAgain}>{t('boundary.tryAgain')}</Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={onReload}
            >
              {t('boundary.reload')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
