import type { ReviewMatchChange, ReviewMatchDetail } from '@careloop/contracts/review-matches';
import { Badge, Button, Divider, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../lib/notifications';
import { useClearReviewMatch } from '../api/clear-review-match';
import { useMatchPatientNames } from '../api/get-match-patient';
import { useReviewMatch } from '../api/get-review-match';
import { useMatchPatientSearch } from '../api/search-match-patients';
import { useSetReviewMatch } from '../api/set-review-match';
import {
  canConfirmMatch,
  describeMatchState,
  knownPatientNames,
  type MatchStateLabel,
  matchErrorText,
  otherCandidates,
  unknownHistoryPatientIds,
} from '../review-match.utils';
import { formatConfidence, formatReviewDate } from '../reviews.utils';
import { MatchExplanationList } from './match-explanation-list';
import { MatchStatusBadge } from './match-status-badge';

/** Staff in the loop: the review's patient match, its candidates, the decisions and their history. */
export function ReviewMatchPanel({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('reviews');
  const query = useReviewMatch(reviewId);
  const titleId = `match-title-${reviewId}`;

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Divider />
      <Title order={3} size="h4" id={titleId}>
        {t('detail.match')}
      </Title>
      {query.isPending ? (
        <Loader size="sm" aria-label={t('match.loading')} />
      ) : query.isError ? (
        <Text size="sm" c="red">
          {t('match.loadError')}
        </Text>
      ) : (
        <MatchEditor detail={query.data} />
      )}
    </Stack>
  );
}

function MatchEditor({ detail }: { detail: ReviewMatchDetail }) {
  const { t } = useTranslation('reviews');
  const setMatch = useSetReviewMatch(detail.reviewId);
  const clearMatch = useClearReviewMatch(detail.reviewId);
  const isBusy = setMatch.isPending || clearMatch.isPending;
  const confidence = formatConfidence(detail.matchConfidence);
  const candidates = otherCandidates(detail);

  const showFailure = (error: unknown) => {
    const text = matchErrorText(error);
    showError({ title: t('match.toasts.error'), message: 'key' in text ? t(text.key) : text.text });
  };

  const handleMatch = (patientId: string, onDone?: () => void) =>
    setMatch.mutate(patientId, {
      onSuccess: (result) => {
        onDone?.();
        showSuccess({
          title:
            result.history[0]?.decision === 'confirm'
              ? t('match.toasts.confirmed')
              : t('match.toasts.matched', { name: result.patient?.name ?? '' }),
        });
      },
      onError: showFailure,
    });

  const handleUnmatch = () =>
    clearMatch.mutate(undefined, {
      onSuccess: () => showSuccess({ title: t('match.toasts.unmatched') }),
      onError: showFailure,
    });

  return (
    <Stack gap="sm">
      <Group gap={6} wrap="wrap">
        <MatchStatusBadge status={detail.matchStatus} />
        {confidence ? <Text size="sm">{t('detail.confidence', { confidence })}</Text> : null}
        {detail.needsReview ? (
          <Badge
            color="orange"
            variant="filled"
            leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}
          >
            {t('match.needsReview')}
          </Badge>
        ) : null}
        {detail.decidedBy === 'staff' ? <Badge variant="default">{t('match.decidedByStaff')}</Badge> : null}
      </Group>
      {detail.needsReview ? (
        <Text size="sm" c="dimmed">
          {t(
            detail.matchStatus === 'multiple_matches' ? 'match.needsReviewMultiple' : 'match.needsReviewLow',
          )}
        </Text>
      ) : null}

      <div>
        <Text size="xs" c="dimmed">
          {t('detail.patient')}
        </Text>
        <Text size="sm" fw={detail.patient ? 600 : undefined} data-testid="matched-patient">
          {detail.patient?.name ?? t('detail.noPatient')}
        </Text>
      </div>
      {detail.patient ? <MatchExplanationList reviewId={detail.reviewId} evidence={detail.evidence} /> : null}

      {candidates.length > 0 ? (
        <CandidateList candidates={candidates} isBusy={isBusy} onPick={(id) => handleMatch(id)} />
      ) : null}

      <Group gap="xs" justify="flex-end">
        {detail.matchStatus !== 'unmatched' || detail.patient ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={handleUnmatch}
            loading={clearMatch.isPending}
            disabled={isBusy}
          >
            {t('match.unmatch')}
          </Button>
        ) : null}
        {canConfirmMatch(detail) && detail.patient ? (
          <Button
            size="xs"
            onClick={() => detail.patient && handleMatch(detail.patient.id)}
            loading={setMatch.isPending && setMatch.variables === detail.patient.id}
            disabled={isBusy}
          >
            {t('match.confirm')}
          </Button>
        ) : null}
      </Group>

      <PatientPicker
        currentPatientId={detail.patient?.id ?? null}
        isBusy={isBusy}
        onMatch={(patientId, onDone) => handleMatch(patientId, onDone)}
      />

      {detail.history.length > 0 ? <MatchHistory detail={detail} /> : null}
    </Stack>
  );
}

function CandidateList({
  candidates,
  isBusy,
  onPick,
}: {
  candidates: ReviewMatchDetail['candidates'];
  isBusy: boolean;
  onPick: (patientId: string) => void;
}) {
  const { t, i18n } = useTranslation('reviews');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id="match-candidates-title">
        {t('match.candidates')}
      </Text>
      <Stack
        gap={6}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="match-candidates-title"
      >
        {candidates.map((candidate) => (
          <Paper component="li" key={candidate.id} withBorder radius="sm" p="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {candidate.name}
                </Text>
                {candidate.procedure ? (
                  <Text size="xs" c="dimmed">
                    {candidate.procedureDate
                      ? t('match.procedureOn', {
                          procedure: candidate.procedure,
                          date: formatReviewDate(candidate.procedureDate, i18n.language),
                        })
                      : candidate.procedure}
                  </Text>
                ) : null}
              </Stack>
              <Button
                variant="light"
                size="xs"
                onClick={() => onPick(candidate.id)}
                disabled={isBusy}
                aria-label={t('match.pickCandidate', { name: candidate.name })}
              >
                {t('match.pick')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function PatientPicker({
  currentPatientId,
  isBusy,
  onMatch,
}: {
  currentPatientId: string | null;
  isBusy: boolean;
  onMatch: (patientId: string, onDone: () => void) => void;
}) {
  const { t } = useTranslation(['reviews', 'common']);
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, 250);
  const [selected, setSelected] = useState<{ value: string; label: string } | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const patients = useMatchPatientSearch(debouncedQuery, isSearching);

  const options = (patients.data?.patients ?? [])
    .filter((p) => p.id !== currentPatientId)
    .map((p) => ({ value: p.id, label: p.name }));
  if (selected && !options.some((o) => o.value === selected.value)) options.push(selected);

  const reset = () => {
    setSelected(null);
    setQuery('');
  };

  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        style={{ flex: '1 1 14rem' }}
        label={t('match.choosePatient')}
        placeholder={t('match.choosePatientPlaceholder')}
        data={options}
        value={selected?.value ?? null}
        onChange={(value, option) => setSelected(value && option ? { value, label: option.label } : null)}
        onDropdownOpen={() => setIsSearching(true)}
        searchable
        searchValue={query}
        onSearchChange={setQuery}
        // The server searches (name, e-mail, phone); its answer is shown as it is.
        filter={({ options: all }) => all}
        nothingFoundMessage={patients.isFetching ? t('common:loading') : t('match.noPatients')}
        clearable
        clearButtonProps={{ 'aria-label': t('match.clearPatient') }}
        disabled={isBusy}
      />
      <Button
        variant="default"
        onClick={() => selected && onMatch(selected.value, reset)}
        disabled={isBusy || selected === null}
      >
        {t('match.matchSelected')}
      </Button>
    </Group>
  );
}

function MatchHistory({ detail }: { detail: ReviewMatchDetail }) {
  const { t, i18n } = useTranslation('reviews');
  const looked = useMatchPatientNames(unknownHistoryPatientIds(detail));
  const names = new Map([...looked, ...knownPatientNames(detail)]);
  const label = (state: MatchStateLabel) =>
    state.kind === 'patient'
      ? state.name
      : state.kind === 'unknownPatient'
        ? t('match.unknownPatient')
        : t(`matchStatus.${state.status}`);

  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={`match-history-${detail.reviewId}`}>
        {t('match.history')}
      </Text>
      <Stack
        gap={4}
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby={`match-history-${detail.reviewId}`}
      >
        {detail.history.map((change: ReviewMatchChange) => (
          <Text component="li" size="sm" key={change.id} style={{ overflowWrap: 'anywhere' }}>
            {t('match.historyEntry', {
              date: formatDateTime(change.at, i18n.language),
              who: change.by?.name || t('match.formerMember'),
              decision: t(`match.decision.${change.decision}`),
              from: label(describeMatchState(change.from, names)),
              to: label(describeMatchState(change.to, names)),
            })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
