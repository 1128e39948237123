import type { Review } from '@careloop/contracts/reviews';
import { ratingToSeverity } from '@careloop/domain/review-rules';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { useCreateReviewCase } from '../api/create-review-case';
import { createCaseErrorText, formatReviewDate } from '../reviews.utils';
import { ReviewMatchPanel } from './review-match-panel';
import { ReviewReplyPanel } from './review-reply-panel';
import { StarRating } from './star-rating';

type ReviewDetailDialogProps = { review: Review | null; onClose: () => void };

export function ReviewDetailDialog({ review, onClose }: ReviewDetailDialogProps) {
  const { t } = useTranslation('reviews');
  return (
    <Modal
      opened={review !== null}
      onClose={onClose}
      title={t('detail.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {review ? <ReviewDetail review={review} /> : null}
    </Modal>
  );
}

function ReviewDetail({ review }: { review: Review }) {
  const { t, i18n } = useTranslation('reviews');
  const createCase = useCreateReviewCase();

  const handleCreateCase = () =>
    createCase.mutate(review.id, {
      onSuccess: () => showSuccess({ title: t('toasts.caseCreated') }),
      onError: (error) => {
        const text = createCaseErrorText(error);
        showError({ title: t('toasts.caseError'), message: 'key' in text ? t(text.key) : text.text });
      },
    });

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <StarRating rating={review.rating} />
        {review.title ? (
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {review.title}
          </Title>
        ) : null}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.reviewText ?? t('detail.noText')}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        <Field label={t('detail.reviewer')} value={review.reviewerName ?? t('list.anonymous')} />
        <Field label={t('detail.date')} value={formatReviewDate(review.reviewDate, i18n.language)} />
        <Field label={t('detail.platform')} value={t(`provider.${review.provider}`, review.provider)} />
        <Field label={t('detail.severity')} value={t(`severity.${ratingToSeverity(review.rating)}`)} />
      </SimpleGrid>

      {review.openCaseId ? (
        <Alert color="blue" title={t('detail.caseOpenTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('detail.caseOpenText')}</Text>
            <Button component={Link} to={paths.cases} variant="light" size="xs">
              {t('detail.goToCases')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button onClick={handleCreateCase} loading={createCase.isPending}>
            {t('detail.createCase')}
          </Button>
        </Group>
      )}

      <ReviewMatchPanel reviewId={review.id} />

      <ReviewReplyPanel review={review} />
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </div>
  );
}
