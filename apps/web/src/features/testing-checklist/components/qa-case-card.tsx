import type { QaPriority } from '@careloop/domain/monitoring-rules';
import { Badge, Button, Checkbox, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../i18n/runtime-key';
import { useClinicTimeZone } from '../../../lib/current-user';
import type { ChecklistCase } from '../testing-checklist.utils';

const priorityColors = {
  critical: 'red',
  high: 'orange',
  medium: 'blue',
  low: 'gray',
} as const satisfies Record<QaPriority, string>;

type Props = {
  qaCase: ChecklistCase;
  number: number;
  isSaving: boolean;
  onToggle: (completed: boolean) => void;
  onSaveNotes: (notes: string) => void;
};

/** One QA case: tick box, priority, numbered steps, expected result, notes and who tested it when. */
export function QaCaseCard({ qaCase, number, isSaving, onToggle, onSaveNotes }: Props) {
  const { t, i18n } = useTranslation('testing');
  const [notes, setNotes] = useState(qaCase.notes);
  // A case's texts are named by its id and step count, which come from the domain's list.
  const text = (key: string) => translateRuntimeKey(t, `cases.${qaCase.id}.${key}`);
  const headingId = `qa-case-${qaCase.id}`;
  // The clinic's clock, wherever the reader's device is set.
  const timeZone = useClinicTimeZone();
  const testedAt = qaCase.testedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(qaCase.testedAt),
      )
    : null;

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <Checkbox
              mt={4}
              checked={qaCase.completed}
              disabled={isSaving}
              onChange={(event) => onToggle(event.currentTarget.checked)}
              aria-label={t('card.toggle', { title: text('title') })}
            />
            <div>
              <Title order={3} size="h5" id={headingId}>
                {number}. {text('title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`categories.${qaCase.category}`)}
              </Text>
            </div>
          </Group>
          <Badge color={priorityColors[qaCase.priority]} variant="light" style={{ flexShrink: 0 }}>
            {t(`priorities.${qaCase.priority}`)}
          </Badge>
        </Group>
        <Text size="sm">{text('description')}</Text>
        <div>
          <Text size="sm" fw={600}>
            {t('card.steps')}
          </Text>
          <List type="ordered" size="sm" spacing={2}>
            {Array.from({ length: qaCase.steps }, (_, i) => `step${i + 1}`).map((step) => (
              <List.Item key={step}>{text(step)}</List.Item>
            ))}
          </List>
        </div>
        <Text size="sm">
          <Text span fw={600}>
            {t('card.expected')}:
          </Text>{' '}
          {text('expected')}
        </Text>
        <Textarea
          label={t('card.notes')}
          placeholder={t('card.notesPlaceholder')}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          rows={3}
          maxLength={5000}
        />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {qaCase.completed && testedAt
              ? t('card.tested', { time: testedAt, tester: qaCase.testedBy ?? '—' })
              : t('card.notTested')}
          </Text>
          <Button
            size="xs"
            variant="light"
            disabled={notes === qaCase.notes}
            loading={isSaving}
            onClick={() => onSaveNotes(notes)}
          >
            {t('card.saveNotes')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
