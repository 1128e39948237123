import type { MatchEvidence } from '@careloop/domain/matching/fit-evidence';
import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { explainMatch } from '../match-explanation';

/** Why the engine matched this patient, in words: the evidence that agreed. */
export function MatchExplanationList({
  reviewId,
  evidence,
}: {
  reviewId: string;
  evidence: readonly MatchEvidence[];
}) {
  const { t } = useTranslation('reviews');
  const lines = explainMatch(evidence);
  if (lines.length === 0) return null;
  const titleId = `match-why-${reviewId}`;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" id={titleId}>
        {t('match.why')}
      </Text>
      <List size="sm" spacing={2} aria-labelledby={titleId}>
        {lines.map((line) => (
          <List.Item key={line}>{t(`match.evidence.${line}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
