import { preLaunchItems } from '@careloop/domain/qa-cases';
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The Pre-Launch Final Checklist: seven ticks for the last review, kept only while the page is open. */
export function PreLaunchChecklist() {
  const { t } = useTranslation('testing');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (item: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(item);
      else next.delete(item);
      return next;
    });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pre-launch-heading">
      <Title order={2} size="h4" id="pre-launch-heading">
        {t('preLaunch.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('preLaunch.note')}
      </Text>
      <Stack gap="xs">
        {preLaunchItems.map((item) => (
          <Checkbox
            key={item}
            label={t(`preLaunch.items.${item}`)}
            checked={ticked.has(item)}
            onChange={(event) => toggle(item, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
