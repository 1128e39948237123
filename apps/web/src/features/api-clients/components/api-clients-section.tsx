import {
  type ApiClient,
  type ApiClientListResponse,
  type ApiClientUsage,
  type ApiScope,
  apiScopes,
  type CreatedApiClient,
} from '@careloop/contracts/api-clients';
import { planMessages } from '@careloop/domain/plans';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCrown, IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeCheckboxGroup } from '../../../components/code-checkbox-group';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { ListSection } from '../../../components/list-section';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';
import { SettingsSection } from '../../../components/settings-section';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { formatNumber } from '../../../public/components/format';
import { useCreateApiClient } from '../api/create-api-client';
import { useApiClientUsage } from '../api/get-api-client-usage';
import { useRevokeApiClient } from '../api/revoke-api-client';
import { useRotateApiClientSecret } from '../api/rotate-api-client-secret';
import { validateApiClientDraft } from '../api-clients.utils';

function useFormatDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

/** Settings > API: the clinic's OAuth 2.0 clients; a new client's secret is shown once. */
export function ApiClientsSection({ data }: { data: ApiClientListResponse }) {
  const { t } = useTranslation(['settings', 'common']);
  const [created, setCreated] = useState<CreatedApiClient | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const [rotated, setRotated] = useState<CreatedApiClient | null>(null);
  const usage = useApiClientUsage();
  const usageOf = new Map(usage.data?.items.map((item) => [item.id, item]));
  return (
    <Stack gap="lg">
      <ListSection
        title={t('api.clients.title')}
        description={t('api.clients.description')}
        emptyText={t('api.clients.empty')}
        items={data.items}
        renderItem={(client) => (
          <ClientRow
            key={client.id}
            client={client}
            usage={usageOf.get(client.id)}
            hourlyLimit={usage.data?.hourlyLimit}
            onRevoke={() => setRevoking(client)}
            onRotate={() => setRotating(client)}
          />
        )}
      />
      {data.isApiAvailable ? <CreateClientForm onCreated={setCreated} /> : <LockedNotice />}
      <SecretDialog client={created} onClose={() => setCreated(null)} />
      <SecretDialog client={rotated} onClose={() => setRotated(null)} />
      <RotateDialog client={rotating} onClose={() => setRotating(null)} onRotated={setRotated} />
      <RevokeDialog client={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

/** Below Professional: the spec's locked-feature message and the way to the plans. */
function LockedNotice() {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <SettingsSection title={t('api.create.title')}>
      <Alert color="orange" variant="light" icon={<IconCrown size={20} aria-hidden="true" />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{translateDomainMessage(t, planMessages.featureLocked)}</Text>
          <Button component={Link} to={paths.pricing} size="sm">
            {t('ai.premium.upgrade')}
          </Button>
        </Stack>
      </Alert>
    </SettingsSection>
  );
}

function ClientRow({
  client,
  usage,
  hourlyLimit,
  onRevoke,
  onRotate,
}: {
  client: ApiClient;
  usage: ApiClientUsage | undefined;
  hourlyLimit: number | undefined;
  onRevoke: () => void;
  onRotate: () => void;
}) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const count = (value: number) => formatNumber(value, i18n.language);
  const formatDateTime = useFormatDateTime();
  const isRevoked = client.revokedAt !== null;
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={client.name}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {client.name}
            </Text>
            {isRevoked ? (
              <Badge color="red" variant="light" size="sm">
                {t('api.clients.revoked')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {client.clientId}
          </Text>
          <Group gap={4} wrap="wrap">
            {client.scopes.map((scope) => (
              <Badge key={scope} variant="outline" color="gray" size="sm" tt="none">
                {scope}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {client.lastUsedAt
              ? t('api.clients.lastUsed', { date: formatDateTime(client.lastUsedAt) })
              : t('api.clients.neverUsed')}
            {' · '}
            {t('api.clients.created', { date: formatDateTime(client.createdAt) })}
          </Text>
          {client.previousSecretExpiresAt && !isRevoked ? (
            <Text size="xs" c="dimmed">
              {t('api.clients.previousSecret', { date: formatDateTime(client.previousSecretExpiresAt) })}
            </Text>
          ) : null}
          {usage && hourlyLimit ? (
            <Text size="xs" c="dimmed">
              {t('api.clients.usage', {
                hour: count(usage.callsThisHour),
                limit: count(hourlyLimit),
                today: count(usage.callsToday),
              })}
            </Text>
          ) : null}
        </Stack>
        {isRevoked ? null : (
          <Group gap="xs">
            <Button
              variant="subtle"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={onRotate}
              aria-label={t('api.clients.rotateNamed', { name: client.name })}
            >
              {t('api.clients.rotate')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={onRevoke}
              aria-label={t('api.clients.revokeNamed', { name: client.name })}
            >
              {t('api.clients.revoke')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function CreateClientForm({ onCreated }: { onCreated: (client: CreatedApiClient) => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const create = useCreateApiClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateApiClientDraft({ name, scopes });
    setErrors({
      name: found.name ? t(found.name) : undefined,
      scopes: found.scopes ? t(found.scopes) : undefined,
    });
    if (found.name || found.scopes) return;
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (client) => {
          setName('');
          setScopes([]);
          onCreated(client);
        },
        onError: (error) =>
          showError({ title: t('api.toasts.createError'), message: apiErrorMessage(error) }),
      },
    );
  };

  return (
    <SettingsSection title={t('api.create.title')} description={t('api.create.description')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('api.create.name')}
            placeholder={t('api.create.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={100}
            required
          />
          <CodeCheckboxGroup
            label={t('api.create.scopes')}
            description={t('api.create.scopesHint')}
            codes={apiScopes}
            value={scopes}
            onChange={setScopes}
            meaningOf={(scope) => t(`api.scopes.${scope}`)}
            error={errors.scopes}
          />
          <Group>
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconKey size={16} aria-hidden="true" />}
            >
              {t('api.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

function SecretDialog({ client, onClose }: { client: CreatedApiClient | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const formatDateTime = useFormatDateTime();
  const previousExpiresAt = client?.previousSecretExpiresAt;
  return (
    <SecretOnceDialog
      secrets={
        client
          ? [
              { label: t('api.secret.clientId'), value: client.clientId },
              { label: t('api.secret.clientSecret'), value: client.clientSecret },
            ]
          : null
      }
      onClose={onClose}
      title={previousExpiresAt ? t('api.secret.rotatedTitle') : t('api.secret.title')}
      warning={
        previousExpiresAt
          ? `${t('api.secret.once')} ${t('api.secret.previousUntil', { date: formatDateTime(previousExpiresAt) })}`
          : t('api.secret.once')
      }
      howTo={t('api.secret.howTo')}
      doneLabel={t('api.secret.done')}
    />
  );
}

function RevokeDialog({ client, onClose }: { client: ApiClient | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const revoke = useRevokeApiClient();
  return (
    <ConfirmActionDialog
      target={client}
      onClose={onClose}
      action={revoke}
      onDone={() => showSuccess({ title: t('api.toasts.revoked') })}
      errorTitle={t('api.toasts.revokeError')}
      title={t('api.revoke.title')}
      message={t('api.revoke.body', { name: client?.name ?? '' })}
      cancelLabel={t('api.revoke.cancel')}
      confirmLabel={t('api.revoke.confirm')}
    />
  );
}

function RotateDialog({
  client,
  onClose,
  onRotated,
}: {
  client: ApiClient | null;
  onClose: () => void;
  onRotated: (client: CreatedApiClient) => void;
}) {
  const { t } = useTranslation('settings');
  const rotate = useRotateApiClientSecret();
  return (
    <ConfirmActionDialog
      target={client}
      onClose={onClose}
      action={rotate}
      onDone={onRotated}
      errorTitle={t('api.toasts.rotateError')}
      title={t('api.rotate.title')}
      message={t('api.rotate.body', { name: client?.name ?? '' })}
      cancelLabel={t('api.revoke.cancel')}
      confirmLabel={t('api.rotate.confirm')}
    />
  );
}
