import type { ComplianceSummary } from '@careloop/contracts/compliance';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleNumber } from '../../../i18n/use-locale-number';

type Row = { label: string; value: string; isGood?: boolean };

function Section({ id, title, rows }: { id: string; title: string; rows: Row[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Stack gap="xs" component="dl" m={0}>
        {rows.map((row) => (
          <Group key={row.label} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" component="dt">
              {row.label}
            </Text>
            <Text size="sm" component="dd" m={0} fw={600} ta="right">
              {row.isGood === undefined ? (
                row.value
              ) : (
                <Badge color={row.isGood ? 'green' : 'orange'} variant="light">
                  {row.value}
                </Badge>
              )}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The encryption and access summary, as the server computed it. */
export function SummaryPanel({ summary }: { summary: ComplianceSummary }) {
  const { t } = useTranslation('enterprise');
  const { encryption: e, access: a } = summary;
  const formatNumber = useLocaleNumber();
  const yesNo = (value: boolean) => (value ? t('summary.yes') : t('summary.no'));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section
        id="compliance-encryption"
        title={t('summary.encryptionTitle')}
        rows={[
          { label: t('summary.secretsAlgorithm'), value: e.secretsAlgorithm },
          { label: t('summary.secretsStored'), value: formatNumber(e.secretsStored) },
          {
            label: t('summary.secretValuesReturned'),
            value: yesNo(e.secretValuesReturned),
            isGood: !e.secretValuesReturned,
          },
          {
            label: t('summary.transport'),
            value: t(`summary.transportValue.${e.transport}`),
            isGood: e.transport === 'tls',
          },
          { label: t('summary.hsts'), value: yesNo(e.hsts), isGood: e.hsts },
          { label: t('summary.database'), value: e.database === 'postgresql' ? 'PostgreSQL' : 'PGlite' },
          { label: t('summary.passwordHashing'), value: e.passwordHashing },
          {
            label: t('summary.auditTrail'),
            value: yesNo(e.auditTrailAppendOnly),
            isGood: e.auditTrailAppendOnly,
          },
        ]}
      />
      <Section
        id="compliance-access"
        title={t('summary.accessTitle')}
        rows={[
          {
            label: t('summary.members'),
            value: t('summary.membersValue', {
              owner: a.members.owner,
              admin: a.members.admin,
              staff: a.members.staff,
            }),
          },
          { label: t('summary.twoFactor'), value: formatNumber(a.twoFactorEnabled) },
          { label: t('summary.idleSignOut'), value: t('summary.minutes', { count: a.idleSignOutMinutes }) },
          { label: t('summary.sessionAbsolute'), value: t('summary.days', { count: a.sessionAbsoluteDays }) },
          { label: t('summary.activeSessions'), value: formatNumber(a.activeSessions) },
          { label: t('summary.activeApiClients'), value: formatNumber(a.activeApiClients) },
          { label: t('summary.patientViews'), value: formatNumber(a.patientRecordViews30d) },
          { label: t('summary.failedSignIns'), value: formatNumber(a.failedSignIns30d) },
        ]}
      />
    </SimpleGrid>
  );
}
