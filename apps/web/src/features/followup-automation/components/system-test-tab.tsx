import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client';
import { showError, showSuccess } from '../../../lib/notifications';
import { checkConnectivity } from '../api/check-connectivity';
import { followupKeys } from '../api/followup-keys';
import { getAutomationSettings } from '../api/get-automation-settings';
import { getWebhookInfo } from '../api/get-webhook-info';
import { saveAutomationSettings } from '../api/save-automation-settings';
import { sendTestMessage } from '../api/send-test-message';
import {
  type CheckResults,
  type CheckStatus,
  failedCount,
  runSystemTest,
  systemChecks,
} from '../followup-automation.utils';

const statusIcon = { passed: IconCircleCheck, failed: IconCircleX, unknown: IconHelpCircle } as const;
const statusColor = { passed: 'green', failed: 'red', unknown: 'gray' } as const;

/** System Test (spec 2 §2, §8): the spec's checks against this server, each passed or failed. */
export function SystemTestTab() {
  const { t } = useTranslation('followup');
  const headingId = useId();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<CheckResults>({});
  const [isRunning, setIsRunning] = useState(false);

  const handleRun = async () => {
    setIsRunning(true);
    setResults({});
    const final = await runSystemTest(
      {
        ready: checkConnectivity,
        me: () => apiFetch('/api/me'),
        readSettings: getAutomationSettings,
        // An empty save keeps every stored value: it proves writing works without changing anything.
        saveSettings: () => saveAutomationSettings({}),
        // A body the message service refuses: its validation answer proves it is deployed, and nothing is sent.
        probeMessageService: () => sendTestMessage({ test: true } as never),
        aiModelConfigured: async () => (await getWebhookInfo()).aiModelConfigured,
      },
      (check, status) => setResults((before) => ({ ...before, [check]: status })),
    );
    setIsRunning(false);
    void queryClient.invalidateQueries({ queryKey: followupKeys.settings });
    const failed = failedCount(final);
    if (failed === 0) showSuccess({ title: t('systemTest.toasts.allPassed') });
    else showError({ title: t('systemTest.toasts.failed', { count: failed }) });
  };

  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {t('systemTest.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('systemTest.description')}
          </Text>
        </Stack>
        <Group>
          <Button onClick={() => void handleRun()} loading={isRunning}>
            {t('systemTest.run')}
          </Button>
        </Group>
        <List listStyleType="none" spacing="sm" aria-label={t('systemTest.checksLabel')}>
          {systemChecks.map((check) => {
            const status: CheckStatus | undefined = results[check];
            const shown: CheckStatus = status ?? 'unknown';
            const Icon = statusIcon[shown];
            return (
              <List.Item key={check}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Icon size={20} aria-hidden="true" color={`var(--mantine-color-${statusColor[shown]}-7)`} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={500}>
                        {t(`systemTest.checks.${check}`)}
                      </Text>
                      {status ? (
                        <Badge color={statusColor[status]} variant="light">
                          {t(`systemTest.status.${status}`)}
                        </Badge>
                      ) : null}
                    </Group>
                    {status === 'failed' ? (
                      <Text size="sm" c="red.8">
                        {t(`systemTest.failures.${check}`)}
                      </Text>
                    ) : null}
                    {status === 'failed' && check === 'aiModel' ? (
                      <Text size="xs" c="dimmed">
                        {t('systemTest.aiModelHint')}
                      </Text>
                    ) : null}
                    {status === 'passed' && check === 'messageService' ? (
                      <Text size="xs" c="dimmed">
                        {t('systemTest.messageServiceOk')}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Card>
  );
}
