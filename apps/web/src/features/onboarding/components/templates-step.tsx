import type { ChannelReadiness } from '@careloop/domain/onboarding';
import { unlimited } from '@careloop/domain/plans';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TemplateEditor } from '../../../components/template-editor';
import { type WizardTemplateDraft, withClinicChannel } from '../onboarding-drafts.utils';

type TemplatesStepProps = {
  value: WizardTemplateDraft[];
  onChange: (next: WizardTemplateDraft[]) => void;
  /** The plan's template limit; -1 is unlimited. */
  limit: number;
  channels: ChannelReadiness;
  disabled?: boolean;
};

/** Step 4: starter and custom templates in the shared editor, within the plan's limit. */
export function TemplatesStep({ value, onChange, limit, channels, disabled }: TemplatesStepProps) {
  const { t } = useTranslation('onboarding');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {limit === unlimited ? t('templates.unlimited') : t('templates.limit', { limit })}
      </Text>
      <TemplateEditor
        value={value}
        onChange={(next) => onChange(withClinicChannel(value, next, channels))}
        limit={limit}
        disabled={disabled}
      />
    </Stack>
  );
}
