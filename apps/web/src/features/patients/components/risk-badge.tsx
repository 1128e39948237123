import type { PatientRisk } from '@careloop/contracts/analytics';
import { failedDeliveriesThreshold, silentFollowUpsThreshold } from '@careloop/domain/analytics/patient-risk';
import { Badge, List, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { riskColors } from '../patients.utils';

/**
 * The patient's risk level. With reasons it is a button: the reasons show on hover, keyboard focus
 * and touch, and are its description for screen readers (a tooltip alone is not read).
 */
export function RiskBadge({ risk }: { risk: PatientRisk }) {
  const { t } = useTranslation('patients');
  const id = useId();
  const label = t(`risk.levels.${risk.level}`);
  if (risk.reasons.length === 0)
    return (
      <Badge color={riskColors[risk.level]} variant="light">
        {label}
      </Badge>
    );

  const reasons = risk.reasons.map((reason) => ({
    reason,
    text: t(`risk.reasons.${reason}`, {
      failed: failedDeliveriesThreshold,
      followUps: silentFollowUpsThreshold,
    }),
  }));
  return (
    <>
      <Tooltip
        withArrow
        multiline
        w={260}
        events={{ hover: true, focus: true, touch: true }}
        label={
          <List size="sm" spacing={2}>
            {reasons.map(({ reason, text }) => (
              <List.Item key={reason} c="white">
                {text}
              </List.Item>
            ))}
          </List>
        }
      >
        <Badge
          component="button"
          type="button"
          color={riskColors[risk.level]}
          variant="light"
          aria-describedby={id}
          style={{ cursor: 'help' }}
        >
          {label}
        </Badge>
      </Tooltip>
      <VisuallyHidden id={id}>
        {t('risk.reasonsIntro')} {reasons.map(({ text }) => text).join('; ')}
      </VisuallyHidden>
    </>
  );
}
