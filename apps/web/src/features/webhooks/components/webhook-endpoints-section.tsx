import {
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointListResponse,
  type WebhookEventType,
  webhookEventTypes,
} from '@careloop/contracts/webhooks';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconList, IconPlugConnected, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeCheckboxGroup } from '../../../components/code-checkbox-group';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { ListSection } from '../../../components/list-section';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';
import { SettingsSection } from '../../../components/settings-section';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { showError, showSuccess } from '../../../lib/notifications';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTestEvent } from '../api/send-webhook-test-event';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { fieldRefusal, validateWebhookDraft, webhookEventLabelKeys } from '../webhook-endpoints.utils';
import { useFormatDateTime, WebhookDeliveryLog } from './webhook-delivery-log';

/** Settings > API: where CareLoop sends events (signed, retried); a new endpoint's secret is shown once. */
export function WebhookEndpointsSection({ data }: { data: WebhookEndpointListResponse }) {
  const { t } = useTranslation(['settings', 'common']);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [rotated, setRotated] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <Stack gap="lg">
      <ListSection
        title={t('webhooks.list.title')}
        description={t('webhooks.list.description')}
        emptyText={t('webhooks.list.empty')}
        items={data.items}
        renderItem={(endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            onShowLog={() => setLogOf(endpoint)}
            onDelete={() => setDeleting(endpoint)}
            onRotate={() => setRotating(endpoint)}
          />
        )}
      />
      {data.isAvailable ? <CreateEndpointForm onCreated={setCreated} /> : null}
      <SecretDialog endpoint={created} onClose={() => setCreated(null)} />
      <SecretDialog endpoint={rotated} onClose={() => setRotated(null)} />
      <RotateDialog endpoint={rotating} onClose={() => setRotating(null)} onRotated={setRotated} />
      <DeleteDialog endpoint={deleting} onClose={() => setDeleting(null)} />
      <WebhookDeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation(['settings', 'common']);
  if (endpoint.status === 'active')
    return (
      <Badge color={endpoint.failingSince ? 'orange' : 'green'} variant="light" size="sm">
        {endpoint.failingSince ? t('webhooks.status.failing') : t('webhooks.status.active')}
      </Badge>
    );
  return (
    <Badge color="red" variant="light" size="sm">
      {t(`webhooks.status.disabled.${endpoint.disabledReason ?? 'manual'}`)}
    </Badge>
  );
}

function EndpointRow({
  endpoint,
  onShowLog,
  onDelete,
  onRotate,
}: {
  endpoint: WebhookEndpoint;
  onShowLog: () => void;
  onDelete: () => void;
  onRotate: () => void;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const formatDateTime = useFormatDateTime();
  const update = useUpdateWebhookEndpoint();
  const sendTest = useSendWebhookTestEvent();
  const isActive = endpoint.status === 'active';
  const handleSendTest = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: (attempt) => {
        const isAccepted =
          attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
        const message = t('webhooks.test.result', {
          event: attempt.eventType,
          status: attempt.statusCode ?? attempt.error ?? '—',
        });
        if (isAccepted) showSuccess({ title: t('webhooks.toasts.testSent'), message });
        else showError({ title: t('webhooks.toasts.testRefused'), message });
      },
      onError: (error) =>
        showError({ title: t('webhooks.toasts.testError'), message: apiErrorMessage(error) }),
    });
  const handleToggle = () =>
    update.mutate(
      { id: endpoint.id, body: { enabled: !isActive } },
      {
        onSuccess: () =>
          showSuccess({ title: t(isActive ? 'webhooks.toasts.disabled' : 'webhooks.toasts.enabled') }),
        onError: (error) =>
          showError({ title: t('webhooks.toasts.updateError'), message: apiErrorMessage(error) }),
      },
    );
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={endpoint.url}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <StatusBadge endpoint={endpoint} />
        </Group>
        {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
        <Group gap={4} wrap="wrap">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" color="gray" size="sm" tt="none">
              {event}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {endpoint.failingSince && isActive
            ? t('webhooks.list.failingSince', { date: formatDateTime(endpoint.failingSince) })
            : endpoint.disabledAt
              ? t('webhooks.list.disabledAt', { date: formatDateTime(endpoint.disabledAt) })
              : t('webhooks.list.created', { date: formatDateTime(endpoint.createdAt) })}
        </Text>
        {endpoint.previousSecretExpiresAt ? (
          <Text size="xs" c="dimmed">
            {t('webhooks.list.previousSecret', { date: formatDateTime(endpoint.previousSecretExpiresAt) })}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconSend size={14} aria-hidden="true" />}
            loading={sendTest.isPending}
            onClick={handleSendTest}
            aria-label={t('webhooks.list.testNamed', { url: endpoint.url })}
          >
            {t('webhooks.list.test')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={onRotate}
            aria-label={t('webhooks.list.rotateNamed', { url: endpoint.url })}
          >
            {t('webhooks.list.rotate')}
          </Button>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconList size={14} aria-hidden="true" />}
            onClick={onShowLog}
            aria-label={t('webhooks.list.logNamed', { url: endpoint.url })}
          >
            {t('webhooks.list.log')}
          </Button>
          <Button variant="default" size="xs" loading={update.isPending} onClick={handleToggle}>
            {isActive ? t('webhooks.list.disable') : t('webhooks.list.enable')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={onDelete}
            aria-label={t('webhooks.list.deleteNamed', { url: endpoint.url })}
          >
            {t('webhooks.list.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (endpoint: CreatedWebhookEndpoint) => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWebhookDraft({ url, events });
    setErrors({
      url: found.url ? t(found.url) : undefined,
      events: found.events ? t(found.events) : undefined,
    });
    if (found.url || found.events) return;
    create.mutate(
      { url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: (endpoint) => {
          setUrl('');
          setDescription('');
          setEvents([]);
          onCreated(endpoint);
        },
        onError: (error) => {
          // The server's reason for a refused URL (a private address, not https) goes under the field.
          const refusal = error instanceof ApiError ? fieldRefusal(error.details, 'url') : null;
          if (refusal) setErrors({ url: refusal.key ? t(refusal.key) : refusal.message });
          else showError({ title: t('webhooks.toasts.createError'), message: apiErrorMessage(error) });
        },
      },
    );
  };

  return (
    <SettingsSection title={t('webhooks.create.title')} description={t('webhooks.create.description')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('webhooks.create.url')}
            placeholder="https://pms.example.com/careloop/webhooks"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            maxLength={2000}
            type="url"
            required
          />
          <TextInput
            label={t('webhooks.create.descriptionLabel')}
            placeholder={t('webhooks.create.descriptionPlaceholder')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={200}
          />
          <CodeCheckboxGroup
            label={t('webhooks.create.events')}
            description={t('webhooks.create.eventsHint')}
            codes={webhookEventTypes}
            value={events}
            onChange={setEvents}
            meaningOf={(type) => t(webhookEventLabelKeys[type])}
            error={errors.events}
          />
          <Group>
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconPlugConnected size={16} aria-hidden="true" />}
            >
              {t('webhooks.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

function SecretDialog({
  endpoint,
  onClose,
}: {
  endpoint: CreatedWebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const formatDateTime = useFormatDateTime();
  const previousExpiresAt = endpoint?.previousSecretExpiresAt;
  return (
    <SecretOnceDialog
      secrets={endpoint ? [{ label: t('webhooks.secret.label'), value: endpoint.secret }] : null}
      onClose={onClose}
      title={previousExpiresAt ? t('webhooks.secret.rotatedTitle') : t('webhooks.secret.title')}
      warning={
        previousExpiresAt
          ? t('webhooks.secret.rotatedOnce', { date: formatDateTime(previousExpiresAt) })
          : t('webhooks.secret.once')
      }
      howTo={t('webhooks.secret.howTo')}
      doneLabel={t('api.secret.done')}
    />
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const remove = useDeleteWebhookEndpoint();
  return (
    <ConfirmActionDialog
      target={endpoint}
      onClose={onClose}
      action={remove}
      onDone={() => showSuccess({ title: t('webhooks.toasts.deleted') })}
      errorTitle={t('webhooks.toasts.deleteError')}
      title={t('webhooks.delete.title')}
      message={t('webhooks.delete.body', { url: endpoint?.url ?? '' })}
      cancelLabel={t('api.revoke.cancel')}
      confirmLabel={t('webhooks.delete.confirm')}
    />
  );
}

function RotateDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onRotated: (endpoint: CreatedWebhookEndpoint) => void;
}) {
  const { t } = useTranslation('settings');
  const rotate = useRotateWebhookSecret();
  return (
    <ConfirmActionDialog
      target={endpoint}
      onClose={onClose}
      action={rotate}
      onDone={onRotated}
      errorTitle={t('webhooks.toasts.rotateError')}
      title={t('webhooks.rotate.title')}
      message={t('webhooks.rotate.body', { url: endpoint?.url ?? '' })}
      cancelLabel={t('api.revoke.cancel')}
      confirmLabel={t('webhooks.rotate.confirm')}
    />
  );
}
