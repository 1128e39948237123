import type { SurveySettingsResponse } from '@careloop/contracts/surveys';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { planMessages } from '@careloop/domain/plans';
import { surveyDelayDays, surveySettingsMessages } from '@careloop/domain/surveys/survey-settings';
import {
  Alert,
  Button,
  Card,
  Loader,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { useSaveSurveySettings, useSurveySettings } from '../api/survey-settings';
import { checkSurveySettingsDraft, draftOf, type SurveySettingsDraft } from '../survey-settings-form.utils';

const isPlanRequired = (error: unknown) => error instanceof ApiError && error.code === 'PLAN_REQUIRED';

/** Settings > Surveys: the patient survey after each procedure (Professional and Enterprise). */
export function SurveySettingsPanel() {
  const { t } = useTranslation(['surveys', 'plans', 'common']);
  const settings = useSurveySettings();
  if (settings.data) return <SurveySettingsForm settings={settings.data} />;
  if (isPlanRequired(settings.error)) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconCrown size={20} aria-hidden="true" />}
        title={t('settings.title')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{translateDomainMessage(t, planMessages.featureLocked)}</Text>
          <Button component={Link} to={paths.pricing} size="sm">
            {t('settings.upgrade')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" title={apiErrorMessage(settings.error)}>
        <Button variant="light" color="red" onClick={() => void settings.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </Alert>
    );
  }
  return <Loader aria-label={t('settings.loading')} />;
}

/** The server's field errors (400 details) as domain messages, by field. */
function serverProblems(error: unknown): Partial<Record<keyof SurveySettingsDraft, DomainMessage>> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const known = Object.values(surveySettingsMessages);
  const problems: Partial<Record<keyof SurveySettingsDraft, DomainMessage>> = {};
  for (const detail of error.details as { field?: string; message?: string }[]) {
    const message = known.find((m) => m.message === detail.message);
    if (detail.field && message) problems[detail.field as keyof SurveySettingsDraft] = message;
  }
  return problems;
}

function SurveySettingsForm({ settings }: { settings: SurveySettingsResponse }) {
  const { t } = useTranslation('surveys');
  const headingId = useId();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [problems, setProblems] = useState<Partial<Record<keyof SurveySettingsDraft, DomainMessage>>>({});
  const save = useSaveSurveySettings();
  const set = <K extends keyof SurveySettingsDraft>(field: K, value: SurveySettingsDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const problem = (field: keyof SurveySettingsDraft) => {
    const message = problems[field];
    return message ? translateDomainMessage(t, message) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSurveySettingsDraft(draft);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved.settings));
        showSuccess({ title: translateDomainMessage(t, surveySettingsMessages.saved) });
      },
      onError: (error) => {
        const fromServer = serverProblems(error);
        setProblems(fromServer);
        if (Object.keys(fromServer).length === 0) showError({ title: apiErrorMessage(error) });
      },
    });
  };

  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3" id={headingId}>
              {t('settings.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('settings.description')}
            </Text>
          </Stack>
          <Switch
            label={t('settings.enabled')}
            description={t('settings.enabledHint')}
            checked={draft.enabled}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
          <NumberInput
            label={t('settings.day')}
            description={t('settings.dayHint')}
            min={surveyDelayDays.min}
            max={surveyDelayDays.max}
            allowDecimal={false}
            clampBehavior="none"
            value={draft.dayAfterProcedure}
            onChange={(value) => set('dayAfterProcedure', value)}
            error={problem('dayAfterProcedure')}
            maw={240}
          />
          <Select
            label={t('settings.channel')}
            description={t('settings.channelHint')}
            data={(['sms', 'whatsapp', 'email'] as const).map((value) => ({
              value,
              label: t(`settings.channels.${value}`),
            }))}
            value={draft.channel}
            onChange={(value) => value && set('channel', value as SurveySettingsDraft['channel'])}
            allowDeselect={false}
            error={problem('channel')}
            maw={320}
          />
          <TextInput
            type="url"
            label={t('settings.google')}
            description={t('settings.googleHint')}
            placeholder="https://g.page/r/…/review"
            value={draft.googleReviewUrl}
            onChange={(event) => set('googleReviewUrl', event.currentTarget.value)}
            error={problem('googleReviewUrl')}
          />
          <TextInput
            type="url"
            label={t('settings.trustpilot')}
            description={t('settings.trustpilotHint')}
            placeholder="https://www.trustpilot.com/evaluate/…"
            value={draft.trustpilotReviewUrl}
            onChange={(event) => set('trustpilotReviewUrl', event.currentTarget.value)}
            error={problem('trustpilotReviewUrl')}
          />
          <Text size="sm" c="dimmed">
            {t('settings.noGating')}
          </Text>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('settings.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
