import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';

const steps = ['connect', 'settings', 'test', 'systemTest', 'production'] as const;

/** The Setup Instructions card (spec 2 §2): what to do once before the automation runs. */
export function SetupInstructionsCard() {
  const { t } = useTranslation('followup');
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('setup.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('setup.intro')}
        </Text>
        <List type="ordered" spacing="xs" size="sm">
          {steps.map((step) => (
            <List.Item key={step}>{t(`setup.steps.${step}`)}</List.Item>
          ))}
        </List>
        <Anchor component={Link} to={paths.settings} size="sm">
          {t('setup.openSettings')}
        </Anchor>
      </Stack>
    </Card>
  );
}
