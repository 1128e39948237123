import type { SecurityCheck } from '@careloop/contracts/security-hardening';
import type { SecurityCheckSeverity, SecurityCheckStatus } from '@careloop/domain/security-checks';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { keyFor } from '../../../i18n/runtime-key';

const statusColors = { pass: 'green', warning: 'yellow', fail: 'red' } as const satisfies Record<
  SecurityCheckStatus,
  string
>;
const severityColors = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
} as const satisfies Record<SecurityCheckSeverity, string>;

/** The server's NODE_ENV, named in the reader's language (`hardening:environments.*`). */
const environmentKeys = {
  production: 'environments.production',
  development: 'environments.development',
  test: 'environments.test',
} as const;

type SecurityCheckCardProps = {
  check: SecurityCheck;
  /** Which action of this card is running, if any. */
  busy: 'run' | 'auto-fix' | null;
  onRun: () => void;
  onAutoFix: () => void;
};

/** One check (spec 2 §3): name, description, status, severity, the fix where it does not pass. */
export function SecurityCheckCard({ check, busy, onRun, onAutoFix }: SecurityCheckCardProps) {
  const { t } = useTranslation('hardening');
  const headingId = `security-check-${check.id}`;
  const name = t(`checks.${check.id}.name`);
  const environmentKey = keyFor(environmentKeys, String(check.details.environment ?? ''));
  const details = {
    ...check.details,
    missing: check.details.missing || t('none'),
    ...(environmentKey && { environment: t(environmentKey) }),
  };
  // Without failing credentials there are none to name: no empty "()".
  const foundKey =
    check.id === 'credential_health' && !check.details.unhealthy
      ? 'checks.credential_health.foundNoneFailing'
      : (`checks.${check.id}.found` as const);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Group gap={6}>
            <Badge color={statusColors[check.status]} variant="filled">
              {t(`status.${check.status}`)}
            </Badge>
            <Badge color={severityColors[check.severity]} variant="light">
              {t(`severity.${check.severity}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">{t(`checks.${check.id}.description`)}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t(foundKey, details)}
        </Text>
        {check.status !== 'pass' ? (
          <Text size="sm">
            <Text span fw={600}>
              {t('fix')}
            </Text>{' '}
            {t(`checks.${check.id}.fix`, details)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
            onClick={onRun}
            loading={busy === 'run'}
            disabled={busy !== null}
            aria-label={t('runCheckNamed', { name })}
          >
            {t('runCheck')}
          </Button>
          {check.autoFixable ? (
            <Button
              size="xs"
              variant="outline"
              leftSection={<IconTool size={14} aria-hidden="true" />}
              onClick={onAutoFix}
              loading={busy === 'auto-fix'}
              disabled={busy !== null}
              aria-label={t('autoFixNamed', { name })}
            >
              {t('autoFix')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
