import type { Case } from '@careloop/contracts/cases';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { timelinessColors, timelinessOf } from '../cases.utils';

type TimelinessBadgeProps = { kase: Pick<Case, 'status' | 'dueAt'>; now: Date };

/** Overdue, Due Soon or On Time; nothing for resolved or closed cases, or without a due time. */
export function TimelinessBadge({ kase, now }: TimelinessBadgeProps) {
  const { t } = useTranslation('cases');
  const timeliness = timelinessOf(kase, now);
  if (!timeliness) return null;
  return (
    <Badge color={timelinessColors[timeliness]} variant="light">
      {t(`timeliness.${timeliness}`)}
    </Badge>
  );
}
