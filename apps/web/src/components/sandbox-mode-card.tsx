import { Alert, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message';
import { useCurrentUser } from '../lib/current-user';
import { showError, showSuccess } from '../lib/notifications';
import {
  useAddSampleReviews,
  useSandboxMode,
  useSandboxWebhookSecrets,
  useSwitchSandboxMode,
} from '../lib/sandbox-mode';

/**
 * "Try it first": the owner switches the clinic to the built-in test providers and back (settings
 * and onboarding). Shown only where this server offers sandbox mode.
 */
export function SandboxModeCard() {
  const { t } = useTranslation('common');
  const me = useCurrentUser();
  const mode = useSandboxMode();
  const switchMode = useSwitchSandboxMode();
  if (!mode.data?.available) return null;
  const isOn = mode.data.sandboxMode;
  const isOwner = me.data?.role === 'owner';
  const isManager = isOwner || me.data?.role === 'admin';

  const handleSwitch = () =>
    switchMode.mutate(!isOn, {
      onSuccess: (result) =>
        showSuccess({
          title: result.sandboxMode
            ? t('sandboxMode.switchedOn')
            : t('sandboxMode.switchedOff', {
                credentials: result.removedCredentials,
                messages: result.cancelledMessages,
              }),
        }),
      onError: (error) =>
        showError({ title: t('sandboxMode.switchFailed'), message: apiErrorMessage(error) }),
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sandbox-mode-title">
      <Stack gap="xs">
        <Group gap="xs">
          <IconFlask size={20} aria-hidden="true" />
          <Title order={2} size="h4" id="sandbox-mode-title">
            {t('sandboxMode.title')}
          </Title>
        </Group>
        <Text size="sm">{isOn ? t('sandboxMode.onText') : t('sandboxMode.offText')}</Text>
        {isOn ? (
          <Alert color="yellow" variant="light">
            {t('sandboxMode.leaveWarning')}
          </Alert>
        ) : null}
        {isOn && isManager ? <SampleReviewsAction /> : null}
        {isOn && isManager ? <SandboxWebhookSecretsTable /> : null}
        {isOwner ? (
          <Group>
            <Button
              variant={isOn ? 'outline' : 'filled'}
              onClick={handleSwitch}
              loading={switchMode.isPending}
            >
              {isOn ? t('sandboxMode.switchOff') : t('sandboxMode.switchOn')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('sandboxMode.ownerOnly')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Sample reviews through the clinic's own sandbox Trustpilot page, connected and synced. */
function SampleReviewsAction() {
  const { t } = useTranslation('common');
  const add = useAddSampleReviews();
  return (
    <Stack gap={4}>
      <Text size="sm">{t('sandboxMode.sampleReviews.text')}</Text>
      <Group>
        <Button
          variant="light"
          loading={add.isPending}
          onClick={() =>
            add.mutate(undefined, {
              onSuccess: (result) =>
                showSuccess({ title: t('sandboxMode.sampleReviews.added', { count: result.imported }) }),
              onError: (error) =>
                showError({ title: t('sandboxMode.sampleReviews.failed'), message: apiErrorMessage(error) }),
            })
          }
        >
          {t('sandboxMode.sampleReviews.button')}
        </Button>
      </Group>
    </Stack>
  );
}

const secretLabels = {
  whatsAppAppSecret: 'sandboxMode.secrets.whatsAppAppSecret',
  whatsAppVerifyToken: 'sandboxMode.secrets.whatsAppVerifyToken',
  twilioAuthToken: 'sandboxMode.secrets.twilioAuthToken',
  vonageSignatureSecret: 'sandboxMode.secrets.vonageSignatureSecret',
} as const;

/** The clinic's own sandbox webhook secrets (owner and admins), for its own fakes to sign with. */
function SandboxWebhookSecretsTable() {
  const { t } = useTranslation('common');
  const secrets = useSandboxWebhookSecrets(true);
  if (!secrets.data) return null;
  const data = secrets.data;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('sandboxMode.secrets.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('sandboxMode.secrets.help')}
      </Text>
      <Table>
        <Table.Tbody>
          {(Object.keys(secretLabels) as (keyof typeof secretLabels)[]).map((key) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{t(secretLabels[key])}</Table.Th>
              <Table.Td>
                <Code style={{ wordBreak: 'break-all' }}>{data[key]}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
