import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CustomRangeProblem,
  customRangeProblem,
  isCalendarDate,
  type RangeSelection,
  rangePresets,
} from '../analytics-range';

const customKey = 'custom';

type RangePickerProps = {
  selection: RangeSelection;
  /** The days the selection covers now (a quick range's, to start a custom one from). */
  range: { from: string; to: string };
  /** Today in the clinic's time zone: the last day one may choose. */
  today: string;
  onChange: (selection: RangeSelection) => void;
};

/** 7, 30 or 90 days back from today, or days of one's own (checked before anything is asked). */
export function RangePicker({ selection, range, today, onChange }: RangePickerProps) {
  const { t } = useTranslation('analytics');
  const [isCustomOpen, setIsCustomOpen] = useState(selection.kind === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<CustomRangeProblem | null>(null);
  // Four choices side by side do not fit a phone in every language ("Personalizado"): stack them.
  const isNarrow = useMediaQuery('(max-width: 36em)');
  // A date that is not one is said at its own field; every other problem at the end date.
  const isFromWrong = problem === 'invalidDate' && !isCalendarDate(from);
  const value = isCustomOpen ? customKey : String(selection.kind === 'preset' ? selection.days : customKey);

  const handleChoose = (choice: string) => {
    if (choice === customKey) {
      setFrom(range.from);
      setTo(range.to);
      setProblem(null);
      setIsCustomOpen(true);
      return;
    }
    const days = rangePresets.find((preset) => String(preset) === choice);
    if (days === undefined) return;
    setIsCustomOpen(false);
    onChange({ kind: 'preset', days });
  };

  const handleApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = customRangeProblem(from, to, today);
    setProblem(found);
    if (found === null) onChange({ kind: 'custom', from, to });
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t('range.label')}
        value={value}
        onChange={handleChoose}
        data={[
          ...rangePresets.map((days) => ({
            value: String(days),
            label: t('range.lastDays', { count: days }),
          })),
          { value: customKey, label: t('range.custom') },
        ]}
        fullWidth
        orientation={isNarrow ? 'vertical' : 'horizontal'}
        style={{ maxWidth: '32rem' }}
      />
      {isCustomOpen ? (
        <form onSubmit={handleApply} noValidate aria-label={t('range.customForm')}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={t('range.from')}
              value={from}
              max={today}
              onChange={(event) => setFrom(event.currentTarget.value)}
              error={isFromWrong ? t('range.errors.invalidDate') : undefined}
              style={{ flex: '1 1 10rem' }}
            />
            <TextInput
              type="date"
              label={t('range.to')}
              value={to}
              max={today}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={problem && !isFromWrong ? t(`range.errors.${problem}`) : undefined}
              style={{ flex: '1 1 10rem' }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} style={{ flex: '0 0 auto' }}>
              {t('range.apply')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
