import type { CaseSeverity, CaseStatus } from '@careloop/domain/case-rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { severityColors, statusColors } from '../cases.utils';

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { t } = useTranslation('cases');
  return (
    <Badge color={statusColors[status]} variant="outline">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function SeverityBadge({ severity }: { severity: CaseSeverity }) {
  const { t } = useTranslation('cases');
  return (
    <Badge color={severityColors[severity]} variant="light">
      {t('severity.badge', { severity: t(`severity.${severity}`) })}
    </Badge>
  );
}
