import type { ConversationChannel } from '@careloop/contracts/conversations';
import { conversationChannels } from '@careloop/contracts/conversations';
import { Button, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageReply } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { showError, showSuccess } from '../../../lib/notifications';
import { usePatientSearch } from '../api/search-patients';
import { useSimulateReply } from '../api/simulate-reply';
import { validateSimulatedReply } from '../conversations.utils';

type Option = { value: string; label: string };

/**
 * Sandbox mode only: the clinic's sandbox provider sends a signed reply from the patient's phone to
 * this server's webhook, which handles it like a real one (opt-outs, alerts, cases).
 */
export function SimulateReplyCard() {
  const { t } = useTranslation(['conversations', 'common']);
  const titleId = useId();
  const simulate = useSimulateReply();
  const [patientId, setPatientId] = useState<string | null>(null);
  const [picked, setPicked] = useState<Option | null>(null);
  const [channel, setChannel] = useState<ConversationChannel>('sms');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ patientId?: string; text?: string }>({});
  const [patientQuery, setPatientQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(patientQuery, 250);
  const patients = usePatientSearch(debouncedQuery, true);

  const options: Option[] = (patients.data?.patients ?? []).map((p) => ({
    value: p.id,
    label: p.phone ? `${p.name} · ${p.phone}` : p.name,
  }));
  if (picked && !options.some((o) => o.value === picked.value)) options.push(picked);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateSimulatedReply({ patientId, text });
    setErrors({
      patientId: problems.patientId ? t(`simulate.${problems.patientId}`) : undefined,
      text: problems.text ? t(`simulate.${problems.text}`) : undefined,
    });
    if (!patientId || problems.patientId || problems.text) return;
    simulate.mutate(
      { patientId, channel, text },
      {
        onSuccess: () => {
          showSuccess({ title: t('simulate.success', { channel: t(`channelName.${channel}`) }) });
          setText('');
        },
        onError: (error) => {
          const isClientError = error instanceof ApiError && error.status > 0 && error.status < 500;
          showError({
            title: t('simulate.error'),
            message: isClientError ? apiErrorMessage(error) : t('simulate.tryAgain'),
          });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              {t('simulate.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('simulate.description')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('simulate.patient')}
              placeholder={t('simulate.patientPlaceholder')}
              data={options}
              value={patientId}
              onChange={(value, option) => {
                setPatientId(value);
                setPicked(value && option ? { value, label: option.label } : null);
              }}
              searchable
              searchValue={patientQuery}
              onSearchChange={setPatientQuery}
              filter={({ options: all }) => all}
              nothingFoundMessage={patients.isFetching ? t('common:loading') : t('simulate.noPatients')}
              error={errors.patientId}
              required
            />
            <Select
              label={t('simulate.channel')}
              data={conversationChannels.map((value) => ({ value, label: t(`channelName.${value}`) }))}
              value={channel}
              onChange={(value) => value && setChannel(value as ConversationChannel)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Textarea
            label={t('simulate.text')}
            placeholder={t('simulate.textPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text}
            rows={3}
            maxLength={1600}
            required
          />
          <div>
            <Button
              type="submit"
              loading={simulate.isPending}
              leftSection={<IconMessageReply size={18} aria-hidden="true" />}
            >
              {t('simulate.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
