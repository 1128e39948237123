import type { OnboardingState } from '@careloop/contracts/onboarding';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import { type SummaryStatus, summaryRows } from '../onboarding-progress.utils';

const statusColors = {
  completed: 'green',
  connected: 'green',
  skipped: 'blue',
  notCompleted: 'orange',
} as const satisfies Record<SummaryStatus, string>;

type SetupCompleteProps = {
  state: OnboardingState;
  headingRef?: Ref<HTMLHeadingElement>;
  onReview: () => void;
};

/** The 'Setup Complete!' summary: each step with its status, and the way on to AI Follow-Up. */
export function SetupComplete({ state, headingRef, onReview }: SetupCompleteProps) {
  const { t } = useTranslation('onboarding');
  const headingId = useId();
  const listId = useId();

  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title
            order={2}
            size="h3"
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            style={{ outline: 'none' }}
          >
            {t('complete.title')}
          </Title>
          <Text c="dimmed">{t('complete.subtitle')}</Text>
        </Stack>
        <Text id={listId} fw={500} size="sm">
          {t('complete.summaryLabel')}
        </Text>
        <List aria-labelledby={listId} spacing="sm" listStyleType="none" p={0}>
          {summaryRows(state).map((row) => {
            const isGood = row.status === 'completed' || row.status === 'connected';
            return (
              <List.Item
                key={row.key}
                icon={
                  <ThemeIcon color={isGood ? 'green' : 'blue'} variant="light" size="md" radius="xl">
                    {isGood ? (
                      <IconCircleCheck size={18} aria-hidden="true" />
                    ) : (
                      <IconCircleDashed size={18} aria-hidden="true" />
                    )}
                  </ThemeIcon>
                }
              >
                <Group gap="xs" wrap="wrap">
                  <Text fw={500}>{t(`steps.${row.key}`)}</Text>
                  <Badge variant="light" color={statusColors[row.status]}>
                    {t(`complete.status.${row.status}`)}
                  </Badge>
                  {row.templateCount !== undefined ? (
                    <Text size="sm" c="dimmed">
                      {t('complete.templateCount', { count: row.templateCount })}
                    </Text>
                  ) : null}
                </Group>
              </List.Item>
            );
          })}
        </List>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={paths.followUpAutomation}>
            {t('complete.followUp')}
          </Button>
          <Button variant="default" onClick={onReview}>
            {t('actions.reviewSteps')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
