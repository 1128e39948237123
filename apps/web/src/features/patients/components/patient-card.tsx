import type { Patient, PatientListItem } from '@careloop/contracts/patients';
import { ActionIcon, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPencil, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { patientPath, procedureLabel } from '../patients.utils';
import { RiskBadge } from './risk-badge';
import { StatusBadge } from './status-badge';

type PatientCardProps = { patient: PatientListItem; onEdit: (patient: Patient) => void };

/** One patient in the grid: name (links to the patient page), status, risk, procedure and contact. */
export function PatientCard({ patient, onEdit }: PatientCardProps) {
  const { t } = useTranslation('patients');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={patient.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={patientPath(patient.id)} inherit>
              {patient.name}
            </Anchor>
          </Title>
          <Group gap={4} wrap="nowrap">
            <StatusBadge status={patient.status} />
            <ActionIcon
              variant="subtle"
              aria-label={t('card.edit', { name: patient.name })}
              onClick={() => onEdit(patient)}
            >
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
        <Group gap={6} wrap="wrap">
          <RiskBadge risk={patient.risk} />
        </Group>
        <Text size="sm" c={patient.procedure ? undefined : 'dimmed'}>
          {patient.procedure ? procedureLabel(t, patient.procedure) : t('card.noProcedure')}
        </Text>
        {patient.email ? (
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden="true" />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {patient.email}
            </Text>
          </Group>
        ) : null}
        {patient.phone ? (
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden="true" />
            <Text size="sm">{patient.phone}</Text>
          </Group>
        ) : null}
        {!patient.email && !patient.phone ? (
          <Text size="sm" c="dimmed">
            {t('card.noContact')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
