import type { NpsSummary } from '@careloop/contracts/analytics';
import { Box, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Palette shade 6: each keeps 4.5:1 or better against white.
const mixColors = { promoters: 'green.6', passives: 'gray.6', detractors: 'red.6' } as const;
const groups = ['promoters', 'passives', 'detractors'] as const;

/** Promoters, passives and detractors of the period as one bar; the counts are written beside it. */
export function NpsMix({ nps }: { nps: NpsSummary }) {
  const { t } = useTranslation('analytics');
  if (nps.responses === 0) return null;
  return (
    <Box mt="sm">
      {/* The bar repeats the counts written below it. */}
      <Progress.Root size="md" aria-hidden="true">
        {groups.map((group) => (
          <Progress.Section key={group} value={(nps[group] / nps.responses) * 100} color={mixColors[group]} />
        ))}
      </Progress.Root>
      <Group gap="sm" mt={6}>
        {groups.map((group) => (
          <Group key={group} gap={4} wrap="nowrap">
            <Box w={10} h={10} bg={mixColors[group]} style={{ borderRadius: 2 }} aria-hidden="true" />
            <Text size="xs" c="dimmed">
              {t(`nps.${group}`, { count: nps[group] })}
            </Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
