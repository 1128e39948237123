import { templateLimitMessage, unlimited } from '@careloop/domain/plans';
import {
  type StarterTemplate,
  starterTemplates,
  type TemplateLanguage,
  templateLanguages,
} from '@careloop/domain/starter-templates';
import { templateVariables } from '@careloop/domain/template-render';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resolveLanguage } from '../i18n/language.utils';
import { translateDomainMessage } from '../lib/domain-messages';
import { showSuccess } from '../lib/notifications';
import { paths } from '../lib/routes';
import {
  blankTemplateDraft,
  canAddTemplateDraft,
  canRemoveTemplateDraft,
  countedTemplates,
  placeholder,
  previewTemplate,
  starterTemplateDraft,
  type TemplateChannel,
  type TemplateDraft,
} from './template-editor.utils';

export type { TemplateDraft } from './template-editor.utils';

/** The i18n namespaces the editor shows; a route that renders it loads these with its own. */
export const templateEditorNamespaces = ['templates', 'plans'] as const;

const channels: readonly TemplateChannel[] = ['whatsapp', 'sms'];

type TemplateEditorProps = {
  value: TemplateDraft[];
  onChange: (next: TemplateDraft[]) => void;
  /** The plan's template limit; -1 is unlimited. */
  limit: number;
  disabled?: boolean;
};

/**
 * Message templates: starter templates to add, the clinic's own templates with a live preview,
 * and Add Custom Template. Controlled; saving is the caller's business.
 */
export function TemplateEditor({ value, onChange, limit, disabled = false }: TemplateEditorProps) {
  const { t, i18n } = useTranslation(templateEditorNamespaces);
  const [starterLanguage, setStarterLanguage] = useState<TemplateLanguage>(() =>
    resolveLanguage(i18n.resolvedLanguage ?? i18n.language),
  );
  const [wasRefused, setWasRefused] = useState(false);
  const starterHeadingId = useId();
  const ownHeadingId = useId();
  const canAdd = canAddTemplateDraft(value, limit);
  const showLimit = wasRefused && !canAdd;

  const add = (draft: TemplateDraft) => {
    if (!canAdd) {
      setWasRefused(true);
      return;
    }
    setWasRefused(false);
    onChange([...value, draft]);
    showSuccess({ title: t('templates:toasts.added') });
  };

  const update = (index: number, patch: Partial<TemplateDraft>) =>
    onChange(value.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));

  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  const limitText = translateDomainMessage(t, templateLimitMessage(limit), { limit });

  return (
    <Stack gap="lg">
      {showLimit ? (
        <Alert color="orange" variant="light" title={t('templates:limit.title')}>
          <Stack gap={6} align="flex-start">
            <Text size="sm">{limitText}</Text>
            <Anchor component={Link} to={paths.pricing} size="sm" fw={600}>
              {t('templates:limit.upgrade')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}

      <Stack component="section" aria-labelledby={starterHeadingId} gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={3} size="h4" id={starterHeadingId}>
              {t('templates:starter.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('templates:starter.subtitle')}
            </Text>
          </Stack>
          <NativeSelect
            label={t('templates:starter.language')}
            value={starterLanguage}
            onChange={(event) => setStarterLanguage(resolveLanguage(event.currentTarget.value))}
            data={templateLanguages.map((language) => ({
              value: language,
              label: t(`templates:languages.${language}`),
            }))}
            disabled={disabled}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {starterTemplates.map((starter) => (
            <StarterTemplateCard
              key={starter.id}
              starter={starter}
              language={starterLanguage}
              disabled={disabled}
              onAdd={() => add(starterTemplateDraft(starter, starterLanguage))}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack component="section" aria-labelledby={ownHeadingId} gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={ownHeadingId}>
            {t('templates:own.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {limit === unlimited
              ? t('templates:own.countUnlimited', { used: countedTemplates(value) })
              : t('templates:own.count', { used: countedTemplates(value), limit })}
          </Text>
        </Group>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('templates:own.empty')}
          </Text>
        ) : null}
        {value.map((draft, index) => (
          <TemplateDraftFields
            // Drafts have no id before saving; the position is their identity in this list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            draft={draft}
            number={index + 1}
            disabled={disabled}
            canRemove={canRemoveTemplateDraft(value, index)}
            onChange={(patch) => update(index, patch)}
            onRemove={() => remove(index)}
          />
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => add(blankTemplateDraft(starterLanguage))}
            disabled={disabled}
          >
            {t('templates:own.addCustom')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

type StarterTemplateCardProps = {
  starter: StarterTemplate;
  language: TemplateLanguage;
  disabled: boolean;
  onAdd: () => void;
};

function StarterTemplateCard({ starter, language, disabled, onAdd }: StarterTemplateCardProps) {
  const { t } = useTranslation(templateEditorNamespaces);
  const text = starter.text[language];
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={6}>
          <Badge variant="light" color="brand" style={{ alignSelf: 'flex-start' }}>
            {t(`templates:categories.${starter.category}`)}
          </Badge>
          <Text fw={600} lang={language}>
            {text.name}
          </Text>
          <Text size="sm" c="dimmed" lang={language}>
            {text.description}
          </Text>
          <Group gap={4} aria-label={t('templates:starter.variables')}>
            {starter.variables.map((variable) => (
              <Code key={variable}>{placeholder(variable)}</Code>
            ))}
          </Group>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={onAdd}
          disabled={disabled}
          aria-label={t('templates:starter.addNamed', { name: text.name })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('templates:starter.add')}
        </Button>
      </Stack>
    </Card>
  );
}

type TemplateDraftFieldsProps = {
  draft: TemplateDraft;
  number: number;
  disabled: boolean;
  canRemove: boolean;
  onChange: (patch: Partial<TemplateDraft>) => void;
  onRemove: () => void;
};

function TemplateDraftFields({
  draft,
  number,
  disabled,
  canRemove,
  onChange,
  onRemove,
}: TemplateDraftFieldsProps) {
  const { t } = useTranslation(templateEditorNamespaces);
  const preview = previewTemplate(draft.body, draft.language);
  const bodyError =
    preview.kind === 'unknownVariables'
      ? t('templates:fields.unknownVariables', {
          variables: preview.variables.map(placeholder).join(', '),
        })
      : null;

  return (
    <Fieldset legend={t('templates:own.legend', { number })} disabled={disabled} radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Badge variant="light" color={draft.category ? 'brand' : 'dark'}>
            {draft.category ? t(`templates:categories.${draft.category}`) : t('templates:own.custom')}
          </Badge>
          {canRemove ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={onRemove}
              aria-label={t('templates:own.removeNumbered', { number })}
            >
              {t('templates:own.remove')}
            </Button>
          ) : null}
        </Group>
        <TextInput
          label={t('templates:fields.name')}
          value={draft.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
          maxLength={120}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label={t('templates:fields.language')}
            value={draft.language}
            onChange={(event) => onChange({ language: resolveLanguage(event.currentTarget.value) })}
            data={templateLanguages.map((language) => ({
              value: language,
              label: t(`templates:languages.${language}`),
            }))}
          />
          <NativeSelect
            label={t('templates:fields.channel')}
            value={draft.channel}
            onChange={(event) =>
              onChange({ channel: event.currentTarget.value === 'sms' ? 'sms' : 'whatsapp' })
            }
            data={channels.map((channel) => ({ value: channel, label: t(`templates:channels.${channel}`) }))}
          />
        </SimpleGrid>
        <Textarea
          label={t('templates:fields.body')}
          description={t('templates:fields.variables', {
            variables: templateVariables.map(placeholder).join(' '),
          })}
          value={draft.body}
          onChange={(event) => onChange({ body: event.currentTarget.value })}
          error={bodyError}
          rows={4}
          resize="vertical"
          maxLength={1600}
          lang={draft.language}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('templates:fields.preview')}
          </Text>
          <Paper withBorder p="sm" radius="md" bg="gray.0">
            {preview.kind === 'text' ? (
              <Text size="sm" lang={draft.language} style={{ whiteSpace: 'pre-wrap' }}>
                {preview.text}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {preview.kind === 'empty'
                  ? t('templates:fields.previewEmpty')
                  : t('templates:fields.previewBlocked')}
              </Text>
            )}
          </Paper>
        </Stack>
      </Stack>
    </Fieldset>
  );
}
