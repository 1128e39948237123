import type { PatientStatus } from '@careloop/domain/patient';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColors } from '../patients.utils';

/** The patient's status; red is shown as Critical. */
export function StatusBadge({ status }: { status: PatientStatus }) {
  const { t } = useTranslation('patients');
  return (
    <Badge color={statusColors[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
