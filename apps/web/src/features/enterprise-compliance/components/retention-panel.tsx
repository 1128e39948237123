import type { DataRetention, RetentionRemoved } from '@careloop/contracts/compliance';
import { type RetentionCategory, retentionCategories, retentionDaysRange } from '@careloop/domain/compliance';
import { Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useClinicTimeZone } from '../../../lib/current-user';
import { showError, showSuccess } from '../../../lib/notifications';
import { useRetention } from '../api/get-retention';
import { useSaveRetention } from '../api/save-retention';

type Draft = Record<RetentionCategory, { isLimited: boolean; days: number | string }>;

const draftOf = (saved: DataRetention): Draft => ({
  messages: { isLimited: saved.messagesDays !== null, days: saved.messagesDays ?? 365 },
  resolvedCases: { isLimited: saved.resolvedCasesDays !== null, days: saved.resolvedCasesDays ?? 365 },
});

const isValidDays = (days: number | string) =>
  typeof days === 'number' &&
  Number.isInteger(days) &&
  days >= retentionDaysRange.min &&
  days <= retentionDaysRange.max;

function RetentionForm({ saved }: { saved: DataRetention }) {
  const { t, i18n } = useTranslation('enterprise');
  const save = useSaveRetention();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  // The clinic's clock, wherever the reader's device is set.
  const timeZone = useClinicTimeZone();
  const when = (at: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(at),
    );
  const invalid = retentionCategories.filter((c) => draft[c].isLimited && !isValidDays(draft[c].days));
  const removed = (r: RetentionRemoved) => t('retention.removed', r);

  const submit = () => {
    if (invalid.length > 0) return;
    const days = (c: RetentionCategory) => (draft[c].isLimited ? Number(draft[c].days) : null);
    save.mutate(
      { messagesDays: days('messages'), resolvedCasesDays: days('resolvedCases') },
      {
        onSuccess: (next) => {
          setDraft(draftOf(next));
          showSuccess({ title: t('retention.saved') });
        },
        onError: (error) => showError({ title: t('retention.saveError'), message: apiErrorMessage(error) }),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('retention.intro')}</Text>
      {retentionCategories.map((category) => (
        <Paper
          key={category}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-labelledby={`retention-${category}`}
        >
          <Title order={2} size="h5" id={`retention-${category}`}>
            {t(`retention.${category}.title`)}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t(`retention.${category}.description`)}
          </Text>
          <Group align="flex-end" gap="md">
            <Switch
              label={t('retention.limit')}
              checked={draft[category].isLimited}
              onChange={(event) => {
                const isLimited = event.currentTarget.checked;
                setDraft((d) => ({ ...d, [category]: { ...d[category], isLimited } }));
              }}
            />
            <NumberInput
              label={t('retention.days')}
              min={retentionDaysRange.min}
              max={retentionDaysRange.max}
              allowDecimal={false}
              disabled={!draft[category].isLimited}
              value={draft[category].days}
              onChange={(days) => setDraft((d) => ({ ...d, [category]: { ...d[category], days } }))}
              error={invalid.includes(category) ? t('retention.range', retentionDaysRange) : undefined}
              w={180}
            />
          </Group>
        </Paper>
      ))}
      <Text size="sm" c="dimmed">
        {t('retention.nextRun', { time: when(saved.nextRunAt) })}
        {saved.lastAppliedAt
          ? ` ${t('retention.lastRun', { time: when(saved.lastAppliedAt) })}${saved.lastRemoved ? ` ${removed(saved.lastRemoved)}` : ''}`
          : ''}
      </Text>
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={invalid.length > 0}>
          {t('retention.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Data retention: how long sent messages and resolved cases are kept; the 2 AM job applies it. */
export function RetentionPanel() {
  const retention = useRetention();
  return retention.data ? <RetentionForm saved={retention.data} /> : <PageLoader />;
}
