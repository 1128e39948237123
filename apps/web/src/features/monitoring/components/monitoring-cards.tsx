import type { MonitoringSnapshot } from '@careloop/contracts/monitoring';
import type { HealthStatus, LoadTimeRating } from '@careloop/domain/monitoring-rules';
import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNumber } from '../../../i18n/use-locale-number';
import { useAuditNames } from '../../../lib/audit-names';
import { useClinicTimeZone } from '../../../lib/current-user';

const healthColors = {
  healthy: 'green',
  minor_issues: 'yellow',
  needs_attention: 'red',
} as const satisfies Record<HealthStatus, string>;
const speedColors = { fast: 'green', acceptable: 'yellow', slow: 'red' } as const satisfies Record<
  LoadTimeRating,
  string
>;

function Card({
  id,
  title,
  badge,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={id}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs" gap="xs">
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {badge}
      </Group>
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}

/** The five figures of System Monitoring (spec 2 §7), each with what it means in words. */
export function MonitoringCards({ snapshot }: { snapshot: MonitoringSnapshot }) {
  const { t, i18n } = useTranslation('monitoring');
  const formatNumber = useLocaleNumber();
  const names = useAuditNames();
  // The clinic's clock, wherever the reader's device is set.
  const timeZone = useClinicTimeZone();
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );
  const { errors, performance, activity, credentials, security } = snapshot;
  const badge = (label: string, color: string) => (
    <Badge color={color} variant="filled" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Card
        id="monitoring-errors"
        title={t('errors.title')}
        badge={badge(t(`health.${errors.health}`), healthColors[errors.health])}
      >
        <Text size="xl" fw={700}>
          {t('errors.count', { count: errors.count })}
        </Text>
        {errors.count === 0 ? (
          <Text size="sm">{t('errors.none')}</Text>
        ) : (
          <>
            <Text size="sm">{t('errors.critical', { count: errors.critical })}</Text>
            <List size="sm">
              {errors.byType.map((e) => (
                <List.Item key={e.errorType}>
                  {names.errorType(e.errorType)}: {formatNumber(e.count)}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Card>

      <Card
        id="monitoring-performance"
        title={t('performance.title')}
        badge={
          performance.averageRating
            ? badge(t(`speed.${performance.averageRating}`), speedColors[performance.averageRating])
            : undefined
        }
      >
        {performance.averageMs === null ? (
          <Text size="sm">{t('performance.none')}</Text>
        ) : (
          <>
            <Text size="xl" fw={700}>
              {t('performance.average', { ms: Math.round(performance.averageMs) })}
            </Text>
            <Text size="sm">{t('performance.count', { count: performance.pageLoads })}</Text>
            {performance.slowestMs !== null ? (
              <Text size="sm">{t('performance.slowest', { ms: Math.round(performance.slowestMs) })}</Text>
            ) : null}
            <Text size="sm" fw={600} mt="xs">
              {t('performance.recent')}
            </Text>
            <List size="sm">
              {performance.recent.map((load) => (
                <List.Item key={`${load.at}-${load.valueMs}-${load.url}`}>
                  {t('performance.load', { ms: Math.round(load.valueMs) })} · {t(`speed.${load.rating}`)} ·{' '}
                  {load.url ?? ''} · {time(load.at)}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Card>

      <Card id="monitoring-activity" title={t('activity.title')}>
        {activity.actions === 0 ? (
          <Text size="sm">{t('activity.none')}</Text>
        ) : (
          <>
            <Text size="xl" fw={700}>
              {t('activity.actions', { count: activity.actions })}
            </Text>
            <Text size="sm">{t('activity.users', { count: activity.activeUsers })}</Text>
            <List size="sm">
              {activity.topActions.map((a) => (
                <List.Item key={a.action}>
                  {names.action(a.action)}: {formatNumber(a.count)}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Card>

      <Card
        id="monitoring-credentials"
        title={t('credentials.title')}
        badge={
          credentials.checks.length === 0
            ? undefined
            : credentials.unhealthy === 0
              ? badge(t('credentials.status.healthy'), 'green')
              : badge(t('credentials.unhealthy', { count: credentials.unhealthy }), 'red')
        }
      >
        {credentials.checks.length === 0 ? (
          <Text size="sm">{t('credentials.none')}</Text>
        ) : (
          <>
            {credentials.unhealthy === 0 ? <Text size="sm">{t('credentials.allHealthy')}</Text> : null}
            <List size="sm">
              {credentials.checks.map((check) => (
                <List.Item key={check.credentialType}>
                  {t(`credentials.types.${check.credentialType}`, { defaultValue: check.credentialType })}:{' '}
                  {t(`credentials.status.${check.status}`)}
                  {check.status === 'healthy' || !check.detail ? '' : ` (${check.detail})`} ·{' '}
                  {t('credentials.checked', { time: time(check.checkedAt) })}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Card>

      <Card
        id="monitoring-security"
        title={t('security.title')}
        badge={
          security.critical > 0 ? badge(t('security.count', { count: security.critical }), 'red') : undefined
        }
      >
        {security.critical === 0 ? (
          <Text size="sm">{t('security.none')}</Text>
        ) : (
          <List size="sm">
            {security.events.map((e) => (
              <List.Item key={`${e.at}-${e.action}`}>
                {names.action(e.action)} ({names.resourceType(e.resourceType)}) · {time(e.at)}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </SimpleGrid>
  );
}
