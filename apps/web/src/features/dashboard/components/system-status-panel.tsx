import type { DailyDigestStatus, DashboardSummary, ReviewMonitoring } from '@careloop/contracts/dashboard';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import { type SystemState, type SystemStatusKey, systemStatuses } from '../dashboard.utils';

const stateColors = {
  active: 'green',
  ready: 'green',
  notConfigured: 'orange',
  scheduled: 'green',
  off: 'gray',
  failing: 'red',
  // Mantine's yellow is not contrast-checked (theme.tsx): its light badge fails axe's 4.5:1.
  pending: 'blue',
} as const satisfies Record<SystemState, string>;

/** Matching and case automation are always on: each has one state and its text. */
const fixedStateKeys = {
  patientMatching: 'system.patientMatching.ready',
  caseAutomation: 'system.caseAutomation.active',
} as const;

const providerNames = { trustpilot: 'Trustpilot', google: 'Google' } as const;

function formatTime(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/**
 * What Review Monitoring says below its name: when it last synced, or what is wrong and since when,
 * on the clinic's clock like the digest's times below it.
 */
function ReviewMonitoringDetail({
  monitoring,
  timeZone,
}: {
  monitoring: ReviewMonitoring;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const key = 'system.reviewMonitoring';
  if (monitoring.state === 'active' && monitoring.lastSuccessAt) {
    return <>{t(`${key}.active`, { time: formatTime(monitoring.lastSuccessAt, i18n.language, timeZone) })}</>;
  }
  if (monitoring.state === 'failing' && monitoring.failingSince) {
    const reason = t(`${key}.errors.${monitoring.errorCode ?? 'INTERNAL_ERROR'}`, {
      provider: providerNames[monitoring.failingProvider ?? 'trustpilot'],
    });
    return (
      <>
        {t(`${key}.failing`, { since: formatTime(monitoring.failingSince, i18n.language, timeZone), reason })}{' '}
        <Anchor component={Link} to={paths.settings} size="xs">
          {t(`${key}.check`)}
        </Anchor>
      </>
    );
  }
  return <>{t(`${key}.${monitoring.state === 'pending' ? 'pending' : 'notConfigured'}`)}</>;
}

/**
 * When the digest goes (08:00 in the clinic's zone) and when it last went, all in that one zone: the
 * line names it once, so a time in the reader's own clock beside it would read as two zones.
 */
function DailyDigestDetail({ digest }: { digest: DailyDigestStatus }) {
  const { t, i18n } = useTranslation('dashboard');
  const key = 'system.dailyDigest';
  if (digest.state === 'off') {
    return (
      <>
        {t(`${key}.off`)}{' '}
        <Anchor component={Link} to={paths.accountSecurity} size="xs">
          {t(`${key}.account`)}
        </Anchor>
      </>
    );
  }
  return (
    <>
      {t(`${key}.scheduled`, {
        time: digest.sendTime,
        timeZone: digest.timeZone,
        count: digest.recipients,
        next: formatTime(digest.nextAt, i18n.language, digest.timeZone),
      })}
      {digest.lastSentAt
        ? ` ${t(`${key}.lastSent`, { time: formatTime(digest.lastSentAt, i18n.language, digest.timeZone) })}`
        : ''}
    </>
  );
}

/** The real state of each automation, not a promise. */
function StatusDetail({
  item,
  summary,
}: {
  item: { key: SystemStatusKey; state: SystemState };
  summary: Pick<DashboardSummary, 'system'>;
}) {
  const { t } = useTranslation('dashboard');
  if (item.key === 'reviewMonitoring')
    return (
      <ReviewMonitoringDetail
        monitoring={summary.system.reviewMonitoring}
        timeZone={summary.system.dailyDigest.timeZone}
      />
    );
  if (item.key === 'dailyDigest') return <DailyDigestDetail digest={summary.system.dailyDigest} />;
  return <>{t(fixedStateKeys[item.key])}</>;
}

export function SystemStatusPanel({ summary }: { summary: Pick<DashboardSummary, 'system'> }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="system-status-heading">
      <Title order={2} size="h4" id="system-status-heading" mb="sm">
        {t('system.title')}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {systemStatuses(summary).map((item) => (
          <li key={item.key}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <div>
                <Text size="sm" fw={600}>
                  {t(`system.${item.key}.name`)}
                </Text>
                <Text size="xs" c="dimmed">
                  <StatusDetail item={item} summary={summary} />
                  {item.state === 'notConfigured' ? (
                    <>
                      {' '}
                      <Anchor component={Link} to={paths.settings} size="xs">
                        {t('system.configure')}
                      </Anchor>
                    </>
                  ) : null}
                </Text>
              </div>
              <Badge color={stateColors[item.state]} variant="light" style={{ flexShrink: 0 }}>
                {t(`system.states.${item.state}`)}
              </Badge>
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
