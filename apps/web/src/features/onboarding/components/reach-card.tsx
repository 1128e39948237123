import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type ReachCardProps = {
  /** The channel to offer: the one not set up yet. */
  channel: 'sms' | 'whatsapp';
  onAdd: () => void;
  onDismiss: () => void;
  isDismissing: boolean;
};

/** 'Maximize Your Reach': offers the other channel (SMS to WhatsApp users as a 'Pro tier' option). */
export function ReachCard({ channel, onAdd, onDismiss, isDismissing }: ReachCardProps) {
  const { t } = useTranslation('onboarding');
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <IconSpeakerphone size={22} aria-hidden="true" />
          <Title order={2} size="h4" id={headingId}>
            {t('reach.title')}
          </Title>
          {channel === 'sms' ? (
            <Badge variant="light" color="brand">
              {t('reach.proTier')}
            </Badge>
          ) : null}
        </Group>
        <Text>{t(`reach.${channel}.text`)}</Text>
        <Group gap="sm" wrap="wrap">
          <Button onClick={onAdd}>{t(`reach.${channel}.action`)}</Button>
          <Button variant="default" onClick={onDismiss} loading={isDismissing}>
            {t('reach.maybeLater')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
