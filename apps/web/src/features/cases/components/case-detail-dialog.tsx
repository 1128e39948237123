import type { CaseDetail, UpdateCaseBody } from '@careloop/contracts/cases';
import { allowedCaseActions } from '@careloop/domain/case-rules';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useClinicTimeZone } from '../../../lib/current-user';
import { showError, showSuccess } from '../../../lib/notifications';
import { useAddCaseNote } from '../api/add-case-note';
import { useCase } from '../api/get-case';
import { useClinicMembers } from '../api/get-clinic-members';
import { useUpdateCase } from '../api/update-case';
import { formatDateTime } from '../cases.utils';
import { CaseStatusBadge, SeverityBadge } from './case-badges';
import { TimelinessBadge } from './timeliness-badge';

type CaseDetailDialogProps = { caseId: string | null; now: Date; onClose: () => void };

export function CaseDetailDialog({ caseId, now, onClose }: CaseDetailDialogProps) {
  const { t } = useTranslation(['cases', 'common']);
  const query = useCase(caseId);
  return (
    <Modal
      opened={caseId !== null}
      onClose={onClose}
      title={t('detail.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {query.data ? (
        <CaseDetailBody kase={query.data} now={now} />
      ) : query.isError ? (
        <Alert color="red">{t('toasts.loadError')}</Alert>
      ) : (
        <Group justify="center" p="lg" role="status">
          <Loader aria-label={t('common:loading')} />
        </Group>
      )}
    </Modal>
  );
}

function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status > 0 && error.status < 500
    ? apiErrorMessage(error)
    : fallback;
}

function CaseDetailBody({ kase, now }: { kase: CaseDetail; now: Date }) {
  const { t, i18n } = useTranslation(['cases', 'common']);
  const update = useUpdateCase(kase.id);
  const members = useClinicMembers();
  const actions = allowedCaseActions(kase.status);
  const timeZone = useClinicTimeZone();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language, timeZone) : null);

  const handleUpdate = (body: UpdateCaseBody) =>
    update.mutate(body, {
      onSuccess: () => showSuccess({ title: t('toasts.updated') }),
      onError: (error) =>
        showError({ title: t('toasts.updateError'), message: errorText(error, t('toasts.tryAgain')) }),
    });

  const memberOptions = (members.data?.members ?? []).map((m) => ({ value: m.id, label: m.name || m.email }));
  if (kase.owner && !memberOptions.some((o) => o.value === kase.owner?.id)) {
    memberOptions.push({ value: kase.owner.id, label: kase.owner.name });
  }

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {kase.title}
        </Title>
        <Group gap={6}>
          <SeverityBadge severity={kase.severity} />
          <CaseStatusBadge status={kase.status} />
          <TimelinessBadge kase={kase} now={now} />
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        <Field label={t('detail.patient')} value={kase.patientName ?? t('list.noPatient')} />
        <Field label={t('detail.source')} value={t(`source.${kase.source}`)} />
        <Field label={t('detail.created')} value={date(kase.createdAt)} />
        <Field label={t('detail.due')} value={date(kase.dueAt) ?? t('detail.noDue')} />
        {kase.resolvedAt ? <Field label={t('detail.resolved')} value={date(kase.resolvedAt)} /> : null}
      </SimpleGrid>

      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('detail.description')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {kase.description ?? t('detail.noDescription')}
        </Text>
      </Stack>

      <Select
        label={t('detail.owner')}
        placeholder={t('detail.ownerPlaceholder')}
        data={memberOptions}
        value={kase.owner?.id ?? null}
        onChange={(value) => handleUpdate({ ownerUserId: value })}
        clearable
        clearButtonProps={{ 'aria-label': t('detail.clearOwner') }}
        disabled={update.isPending}
      />

      {actions.length > 0 ? (
        <Group gap="sm">
          {actions.includes('start') ? (
            <Button
              variant="light"
              loading={update.isPending}
              onClick={() => handleUpdate({ action: 'start' })}
            >
              {t('detail.start')}
            </Button>
          ) : null}
          {actions.includes('resolve') ? (
            <Button
              color="green"
              loading={update.isPending}
              onClick={() => handleUpdate({ action: 'resolve' })}
            >
              {t('detail.resolve')}
            </Button>
          ) : null}
        </Group>
      ) : null}

      <Divider />
      <CaseNotes kase={kase} />
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </div>
  );
}

function CaseNotes({ kase }: { kase: CaseDetail }) {
  const { t, i18n } = useTranslation(['cases', 'common']);
  const timeZone = useClinicTimeZone();
  const addNote = useAddCaseNote(kase.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) return setError(t('detail.noteRequired'));
    setError(null);
    addNote.mutate(
      { body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          showSuccess({ title: t('toasts.noteAdded') });
        },
        onError: (failure) =>
          showError({ title: t('toasts.noteError'), message: errorText(failure, t('toasts.tryAgain')) }),
      },
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="case-notes-heading">
      <Title order={4} id="case-notes-heading">
        {t('detail.notes')}
      </Title>
      {kase.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noNotes')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {kase.notes.map((note) => (
            <li key={note.id}>
              <Text size="xs" c="dimmed">
                {t('detail.noteBy', {
                  author: note.author?.name ?? t('detail.unknownAuthor'),
                  date: formatDateTime(note.createdAt, i18n.language, timeZone),
                })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.body}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('detail.noteLabel')}
            placeholder={t('detail.notePlaceholder')}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            error={error}
            autosize
            minRows={2}
            maxLength={5000}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={addNote.isPending}>
              {t('detail.addNote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
