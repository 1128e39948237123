import type { TemplateListResponse } from '@careloop/contracts/templates';
import { templateLimitMessage } from '@careloop/domain/plans';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';
import { type TemplateDraft, TemplateEditor } from '../../../components/template-editor';
import { toSavedTemplates } from '../../../components/template-editor.utils';
import { resolveLanguage } from '../../../i18n/language.utils';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { useSaveTemplates } from '../api/save-templates';
import {
  hasUnknownTemplateVariables,
  isPlanRequired,
  templateDraftsFrom,
  templateSetChanged,
} from '../settings.utils';

/** The clinic's message templates in the shared editor; Save replaces the whole set. */
export function TemplatesSection({ data }: { data: TemplateListResponse }) {
  const { t, i18n } = useTranslation(['settings', 'templates', 'plans']);
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const saveTemplates = useSaveTemplates();
  const [drafts, setDrafts] = useState<TemplateDraft[]>(() => templateDraftsFrom(data.templates, language));
  const [isOverLimit, setIsOverLimit] = useState(false);
  const isChanged = templateSetChanged(data.templates, drafts);
  const hasUnknown = hasUnknownTemplateVariables(drafts);
  const limitText = translateDomainMessage(t, templateLimitMessage(data.limit), { limit: data.limit });

  const handleSave = () => {
    setIsOverLimit(false);
    saveTemplates.mutate(
      { templates: toSavedTemplates(drafts) },
      {
        onSuccess: (saved) => {
          setDrafts(templateDraftsFrom(saved.templates, language));
          showSuccess({ title: t('settings:templates.toasts.saved') });
        },
        onError: (error) => {
          // The server enforces the plan's limit too: a typed-in extra template is refused there.
          const overLimit = isPlanRequired(error);
          setIsOverLimit(overLimit);
          showError({
            title: t('settings:templates.toasts.saveError'),
            message: overLimit ? limitText : error instanceof Error ? apiErrorMessage(error) : undefined,
          });
        },
      },
    );
  };

  return (
    <SettingsSection title={t('settings:templates.title')} description={t('settings:templates.description')}>
      <Stack gap="md">
        {isOverLimit ? (
          <Alert color="orange" variant="light" title={t('templates:limit.title')} role="alert">
            <Stack gap={6} align="flex-start">
              <Text size="sm">{limitText}</Text>
              <Anchor component={Link} to={`${paths.settings}?tab=plan`} size="sm" fw={600}>
                {t('templates:limit.upgrade')}
              </Anchor>
            </Stack>
          </Alert>
        ) : null}
        <TemplateEditor
          value={drafts}
          onChange={(next) => {
            setDrafts(next);
            setIsOverLimit(false);
          }}
          limit={data.limit}
          disabled={saveTemplates.isPending}
        />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {hasUnknown ? (
            <Text size="sm" c="red.7">
              {t('settings:templates.fixUnknown')}
            </Text>
          ) : isChanged ? (
            <Text size="sm" c="dimmed">
              {t('settings:templates.unsaved')}
            </Text>
          ) : null}
          <Button
            variant="default"
            onClick={() => {
              setDrafts(templateDraftsFrom(data.templates, language));
              setIsOverLimit(false);
            }}
            disabled={!isChanged || saveTemplates.isPending}
          >
            {t('settings:templates.discard')}
          </Button>
          <Button onClick={handleSave} loading={saveTemplates.isPending} disabled={!isChanged || hasUnknown}>
            {t('settings:templates.save')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
