import type { SecurityCheckId } from '@careloop/domain/security-checks';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useClinicTimeZone } from '../../lib/current-user';
import { showError, showSuccess } from '../../lib/notifications';
import { useSecurityScan } from './api/get-security-scan';
import { useRunFullScan } from './api/run-full-scan';
import { type CheckAction, useRunSecurityCheck } from './api/run-security-check';
import { SecurityCheckCard } from './components/security-check-card';
import { scoreColor } from './security-hardening.utils';

/** /security-hardening: the eight checks of the running system, the score, run / scan / auto-fix (owner/admin). */
export function SecurityHardeningPage() {
  const { t, i18n } = useTranslation(['hardening', 'common']);
  const scan = useSecurityScan();
  const fullScan = useRunFullScan();
  const checkAction = useRunSecurityCheck();
  const [busy, setBusy] = useState<{ id: SecurityCheckId; action: CheckAction } | null>(null);
  // The clinic's clock, wherever the reader's device is set.
  const timeZone = useClinicTimeZone();
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(
      new Date(iso),
    );
  const errorText = (error: unknown) =>
    error instanceof ApiError ? apiErrorMessage(error) : t('actionError');

  const runScan = () =>
    fullScan.mutate(undefined, {
      onSuccess: (result) => showSuccess({ title: t('scanDone', { score: result.score }) }),
      onError: (error) => showError({ title: errorText(error) }),
    });
  const runCheck = (id: SecurityCheckId, action: CheckAction) => {
    setBusy({ id, action });
    checkAction.mutate(
      { id, action },
      {
        onSuccess: (check) =>
          showSuccess({
            title: t(action === 'auto-fix' ? 'autoFixDone' : 'checkDone', {
              name: t(`checks.${check.id}.name`),
              status: t(`status.${check.status}`),
            }),
          }),
        onError: (error) => showError({ title: errorText(error) }),
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        {scan.data ? (
          <Button
            leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
            onClick={runScan}
            loading={fullScan.isPending}
          >
            {t('fullScan')}
          </Button>
        ) : null}
      </Group>

      <QueryState
        query={scan}
        errorTitle={t('loadError')}
        forbidden={<Alert color="yellow" title={t('forbidden')} />}
      >
        {(result) => (
          <>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="security-score">
              <Group justify="space-between" align="baseline" mb="xs">
                <Title order={2} size="h4" id="security-score">
                  {t('score.title')}
                </Title>
                <Text fw={700} size="xl" aria-live="polite">
                  {t('score.value', { score: result.score })}
                </Text>
              </Group>
              <Progress
                value={result.score}
                color={scoreColor(result.score)}
                aria-label={t('score.title')}
                mb="xs"
              />
              <Text size="sm">{t('score.passing', { passing: result.passing, total: result.total })}</Text>
              <Text size="sm" c="dimmed">
                {t('score.checkedAt', { time: time(result.checkedAt) })}
              </Text>
            </Paper>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {result.checks.map((check) => (
                <SecurityCheckCard
                  key={check.id}
                  check={check}
                  busy={busy?.id === check.id ? busy.action : null}
                  onRun={() => runCheck(check.id, 'run')}
                  onAutoFix={() => runCheck(check.id, 'auto-fix')}
                />
              ))}
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
