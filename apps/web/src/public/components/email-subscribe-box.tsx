import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HoneypotField } from './honeypot-field';
import { FormSent, usePublicForm } from './public-form';

type EmailSubscribeBoxProps = {
  kind: 'newsletter' | 'status_subscribe';
  title: string;
  text: string;
  sentMessage: string;
};

/** The blog newsletter and the status-update boxes: one e-mail field and Subscribe. */
export function EmailSubscribeBox({ kind, title, text, sentMessage }: EmailSubscribeBoxProps) {
  const { t } = useTranslation('public');
  const { field, handleSubmit, isSubmitting, isSent } = usePublicForm(kind, { email: '' });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text fz="sm" c="dark.6">
          {text}
        </Text>
        {isSent ? (
          <FormSent title={t('subscribe.sentTitle')} message={sentMessage} />
        ) : (
          <form onSubmit={handleSubmit} style={{ position: 'relative' }}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                {...field('email')}
                type="email"
                required
                label={t('subscribe.emailLabel')}
                placeholder={t('subscribe.emailPlaceholder')}
                autoComplete="email"
                style={{ flex: '1 1 200px' }}
              />
              <Button type="submit" loading={isSubmitting}>
                {t('subscribe.button')}
              </Button>
            </Group>
            <HoneypotField {...field('website')} />
          </form>
        )}
      </Stack>
    </Card>
  );
}
