import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { publicOrigin } from '../../lib/public-origin';
import { apiCodeSamples } from './api-code-samples';
import { CodeSample } from './code-sample';

/**
 * /docs Quick Start: an API client's id and secret, a token with curl, a patient created with its
 * treatment date and listed; then the same with the Node.js SDK. Every example uses this
 * deployment's address and runs as written once the placeholders hold the integrator's values.
 */
type Step = 'client' | 'token' | 'calls' | 'sdk' | 'webhooks';

export function DocsQuickStart() {
  const { t } = useTranslation('product');
  const samples = apiCodeSamples(publicOrigin());
  const step = (key: Step) => (
    <Title order={3} fz="h4">
      {t(`docs.quickStart.${key}.title`)}
    </Title>
  );
  const text = (key: Step) => <Text>{t(`docs.quickStart.${key}.text`)}</Text>;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('docs.quickStart.title')}
      </Title>
      {step('client')}
      {text('client')}
      {step('token')}
      {text('token')}
      <CodeSample code={samples.getToken} label={t('docs.quickStart.token.label')} />
      <Text fz="sm">{t('docs.quickStart.token.answer')}</Text>
      <CodeSample code={samples.tokenAnswer} label={t('docs.quickStart.token.answerLabel')} />
      {step('calls')}
      {text('calls')}
      <CodeSample code={samples.createPatient} label={t('docs.quickStart.calls.createLabel')} />
      <CodeSample code={samples.listPatients} label={t('docs.quickStart.calls.listLabel')} />
      {step('sdk')}
      {text('sdk')}
      <CodeSample code={samples.installSdk} label={t('docs.quickStart.sdk.installLabel')} />
      <CodeSample code={samples.node} label={t('docs.quickStart.sdk.nodeLabel')} />
      {step('webhooks')}
      {text('webhooks')}
    </Stack>
  );
}
