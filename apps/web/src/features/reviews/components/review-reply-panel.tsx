import type { ReviewReply, ReviewReplyResponse } from '@careloop/contracts/review-replies';
import type { Review } from '@careloop/contracts/reviews';
import { planMessages } from '@careloop/domain/plans';
import {
  canApproveReviewReply,
  canDiscardReviewReply,
  canEditReviewReply,
  type ReviewReplyStatus,
  reviewReplyMaxLength,
} from '@careloop/domain/review-reply';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { useApproveReviewReply } from '../api/approve-review-reply';
import { useDiscardReviewReply } from '../api/discard-review-reply';
import { useReviewReply } from '../api/get-review-reply';
import { useSaveReviewReply } from '../api/save-review-reply';
import { formatReviewDate, replyErrorText } from '../reviews.utils';

const statusColors = {
  scheduled: 'gray',
  drafted: 'blue',
  approved: 'teal',
  posted: 'green',
  discarded: 'gray',
  failed: 'red',
} as const satisfies Record<ReviewReplyStatus, string>;

/** The public reply to a review: the draft staff edit, approve (and post), copy or discard. */
export function ReviewReplyPanel({ review }: { review: Review }) {
  const { t } = useTranslation(['reviews', 'plans']);
  const query = useReviewReply(review.id);

  return (
    <Stack gap="sm" component="section" aria-labelledby={`reply-title-${review.id}`}>
      <Divider />
      <Title order={3} size="h4" id={`reply-title-${review.id}`}>
        {t('reply.title')}
      </Title>
      {review.publicReply ? (
        // Posting would replace the clinic's own reply: shown, never edited.
        <Alert color="green" variant="light" title={t('reply.existingTitle')}>
          <Stack gap="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {review.publicReply.text}
            </Text>
            <Text size="xs" c="dimmed">
              {t('reply.existingText', { provider: t(`provider.${review.provider}`, review.provider) })}
            </Text>
          </Stack>
        </Alert>
      ) : query.isPending ? (
        <Loader size="sm" aria-label={t('reply.loading')} />
      ) : query.isError ? (
        <Text size="sm" c="red">
          {t('reply.loadError')}
        </Text>
      ) : query.data.available ? (
        // Keyed by the reply's state, so the text box starts from what the server has now.
        <ReplyEditor
          key={`${query.data.reply?.id ?? 'none'}-${query.data.reply?.status ?? ''}-${query.data.reply?.text ?? ''}`}
          review={review}
          data={query.data}
        />
      ) : (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCrown size={20} aria-hidden="true" />}
          title={t('reply.premiumTitle')}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{translateDomainMessage(t, planMessages.featureLocked)}</Text>
            <Button component={Link} to={`${paths.settings}?tab=plan`} size="xs">
              {t('reply.upgrade')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function ReplyEditor({ review, data }: { review: Review; data: ReviewReplyResponse }) {
  const { t, i18n } = useTranslation(['reviews', 'plans']);
  const reply = data.reply;
  const [text, setText] = useState(reply?.text ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useSaveReviewReply(review.id);
  const approve = useApproveReviewReply(review.id);
  const discard = useDiscardReviewReply(review.id);
  const isBusy = save.isPending || approve.isPending || discard.isPending;
  const provider = t(`provider.${review.provider}`, review.provider);

  const status = reply?.status ?? null;
  const isEditable = status === null || canEditReviewReply(status);
  const isDirty = text.trim() !== (reply?.text ?? '').trim();
  const canApprove =
    reply !== null && reply.text !== null && status !== null && canApproveReviewReply(status);

  const showFailure = (title: string, error: unknown) => {
    const described = replyErrorText(error);
    if ('domain' in described) {
      const message = translateDomainMessage(t, described.domain);
      if (described.domain.key.startsWith('reviews.reply.errors.')) setFieldError(message);
      showError({ title, message });
      return;
    }
    showError({ title, message: 'key' in described ? t(described.key) : described.text });
  };

  const saveText = async () => {
    setFieldError(null);
    return save.mutateAsync(text);
  };

  const handleSave = () =>
    void saveText().then(
      () => showSuccess({ title: t('reply.toasts.saved') }),
      (error: unknown) => showFailure(t('reply.toasts.error'), error),
    );

  const handleApprove = async () => {
    try {
      if (isDirty) await saveText();
      const result = await approve.mutateAsync();
      const after = result.reply?.status;
      if (after === 'posted') showSuccess({ title: t('reply.toasts.posted', { provider }) });
      else if (after === 'failed') showError({ title: t('reply.toasts.postFailed', { provider }) });
      else showSuccess({ title: t('reply.toasts.approved') });
    } catch (error) {
      showFailure(t('reply.toasts.error'), error);
    }
  };

  const handleDiscard = () =>
    discard.mutate(undefined, {
      onSuccess: () => showSuccess({ title: t('reply.toasts.discarded') }),
      onError: (error) => showFailure(t('reply.toasts.error'), error),
    });

  return (
    <Stack gap="sm">
      {reply ? <ReplyBadges reply={reply} /> : null}
      <ReplyStatusText reply={reply} provider={provider} canPost={data.canPost} language={i18n.language} />

      {isEditable ? (
        <Textarea
          label={t('reply.label')}
          description={t('reply.hint')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          rows={6}
          maxLength={reviewReplyMaxLength}
          disabled={isBusy}
        />
      ) : reply?.text ? (
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          aria-label={t('reply.label')}
        >
          {reply.text}
        </Text>
      ) : null}

      <Group justify="flex-end" gap="xs">
        {reply?.text ? (
          <CopyButton value={reply.text}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy} aria-live="polite">
                {copied ? t('reply.copied') : t('reply.copy')}
              </Button>
            )}
          </CopyButton>
        ) : null}
        {reply && status !== null && canDiscardReviewReply(status) ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={handleDiscard}
            loading={discard.isPending}
            disabled={isBusy}
          >
            {t('reply.discard')}
          </Button>
        ) : null}
        {isEditable ? (
          <Button
            variant="light"
            size="xs"
            onClick={handleSave}
            loading={save.isPending}
            disabled={isBusy || !isDirty || text.trim() === ''}
          >
            {t('reply.save')}
          </Button>
        ) : null}
        {canApprove || (isEditable && isDirty) ? (
          <Button
            size="xs"
            onClick={() => void handleApprove()}
            loading={approve.isPending}
            disabled={isBusy || text.trim() === ''}
          >
            {data.canPost ? t('reply.approveAndPost', { provider }) : t('reply.approve')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function ReplyBadges({ reply }: { reply: ReviewReply }) {
  const { t } = useTranslation('reviews');
  return (
    <Group gap={6}>
      <Badge color={statusColors[reply.status]} variant="light">
        {t(`reply.status.${reply.status}`)}
      </Badge>
      {reply.source ? (
        <Badge color="gray" variant="outline">
          {t(`reply.source.${reply.source}`)}
        </Badge>
      ) : null}
    </Group>
  );
}

function ReplyStatusText({
  reply,
  provider,
  canPost,
  language,
}: {
  reply: ReviewReply | null;
  provider: string;
  canPost: boolean;
  language: string;
}) {
  const { t } = useTranslation('reviews');
  if (!reply) return <Text size="sm">{t('reply.none')}</Text>;
  switch (reply.status) {
    case 'scheduled':
      return (
        <Text size="sm">
          {t('reply.scheduledText', { date: formatDateTime(reply.draftDueAt, language) })}
        </Text>
      );
    case 'drafted':
      return reply.draftNote && reply.source === 'template' ? (
        <Text size="sm" c="dimmed">
          {t(`reply.note.${reply.draftNote}`)}
        </Text>
      ) : null;
    case 'approved':
      return (
        <Alert color="teal" variant="light">
          {canPost ? t('reply.approvedText') : t('reply.approvedCopy', { provider })}
        </Alert>
      );
    case 'posted':
      return (
        <Text size="sm">
          {t('reply.postedText', {
            provider,
            date: reply.postedAt ? formatReviewDate(reply.postedAt, language) : '',
          })}
        </Text>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" title={t('reply.failedTitle')}>
          <Stack gap={4}>
            <Text size="sm">{t('reply.failedText', { provider })}</Text>
            {/* The kind in the reader's language; the platform's own words after it, for support. */}
            {reply.providerErrorKind ? (
              <Text size="sm">{t(`reply.failureKinds.${reply.providerErrorKind}`)}</Text>
            ) : null}
            {reply.providerError ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('reply.providerSaid', { error: reply.providerError })}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      );
    case 'discarded':
      return <Text size="sm">{t('reply.discardedText')}</Text>;
  }
}

function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
