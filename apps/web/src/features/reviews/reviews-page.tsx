import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { showError, showSuccess } from '../../lib/notifications';
import { useReviewSummary } from './api/get-review-summary';
import { useReviews } from './api/get-reviews';
import { useSyncReviews } from './api/sync-reviews';
import { ReviewDetailDialog } from './components/review-detail-dialog';
import { ReviewList } from './components/review-list';
import { ReviewSummaryCards } from './components/review-summary-cards';
import { syncErrorText } from './reviews.utils';

/** Summary cards, the review list (newest first) with its detail dialog, and Sync Reviews. */
export function ReviewsPage() {
  const { t } = useTranslation(['reviews', 'common']);
  const summary = useReviewSummary();
  const list = useReviews();
  const sync = useSyncReviews();
  const [openId, setOpenId] = useState<string | null>(null);
  const reviews = list.data?.pages.flatMap((page) => page.reviews) ?? [];
  const openReview = reviews.find((review) => review.id === openId) ?? null;

  const handleSync = () =>
    sync.mutate(undefined, {
      onSuccess: (result) =>
        showSuccess({
          title: t('toasts.synced'),
          message: t('toasts.imported', { count: result.imported_count }),
        }),
      onError: (error) => {
        const text = syncErrorText(error);
        showError({ title: t('toasts.syncError'), message: 'key' in text ? t(text.key) : text.text });
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={handleSync}
          loading={sync.isPending}
        >
          {t('sync')}
        </Button>
      </Group>

      <ReviewSummaryCards summary={summary.data} />

      <QueryState
        query={list}
        errorTitle={t('toasts.loadError')}
        empty={{
          isEmpty: (data) => data.pages.every((page) => page.reviews.length === 0),
          title: t('list.empty'),
          hint: t('list.emptyHint'),
        }}
      >
        {() => (
          <>
            <ReviewList reviews={reviews} onOpen={setOpenId} />
            {list.hasNextPage ? (
              <Center>
                <Button
                  variant="default"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('list.loadMore')}
                </Button>
              </Center>
            ) : null}
          </>
        )}
      </QueryState>

      <ReviewDetailDialog review={openReview} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
