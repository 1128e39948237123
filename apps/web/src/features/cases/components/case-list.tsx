import type { Case } from '@careloop/contracts/cases';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClinicTimeZone } from '../../../lib/current-user';
import { formatDateTime } from '../cases.utils';
import { CaseStatusBadge, SeverityBadge } from './case-badges';
import { TimelinessBadge } from './timeliness-badge';

type CaseListProps = { cases: Case[]; now: Date; onOpen: (id: string) => void };

export function CaseList({ cases, now, onOpen }: CaseListProps) {
  const { t, i18n } = useTranslation('cases');
  const timeZone = useClinicTimeZone();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {cases.map((kase) => (
        <li key={kase.id}>
          <Paper withBorder radius="md" p={0}>
            <UnstyledButton w="100%" p="md" onClick={() => onOpen(kase.id)} aria-haspopup="dialog">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {kase.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {kase.patientName ?? t('list.noPatient')}
                    {' · '}
                    {t(`source.${kase.source}`)}
                    {' · '}
                    {t('list.created', { date: formatDateTime(kase.createdAt, i18n.language, timeZone) })}
                  </Text>
                  {kase.owner ? (
                    <Text size="sm" c="dimmed">
                      {t('list.owner', { name: kase.owner.name })}
                    </Text>
                  ) : null}
                </Stack>
                <Group gap={6} wrap="wrap">
                  <SeverityBadge severity={kase.severity} />
                  <CaseStatusBadge status={kase.status} />
                  <TimelinessBadge kase={kase} now={now} />
                </Group>
              </Group>
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
