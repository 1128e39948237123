import type { Review } from '@careloop/contracts/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { ReviewsPage } from './reviews-page';

beforeAll(async () => {
  await i18n.loadNamespaces('reviews');
});

const review: Review = {
  id: 'rev_1',
  provider: 'trustpilot',
  rating: 2,
  title: 'Disappointed with aftercare',
  reviewText: 'Nobody called me back.',
  reviewerName: 'Ana R.',
  reviewDate: '2025-03-10T12:00:00Z',
  matchStatus: 'matched',
  matchConfidence: 0.92,
  patientId: 'P-1',
  patientName: 'Ana Ruiz',
  openCaseId: null,
  publicReply: null,
};

function stubReviewsApi(sync: () => Response) {
  return stubFetch((request) => {
    if (request.path === '/api/reviews/summary')
      return json({ totalReviews: 3, matchedPatients: 2, averageRating: 4, needsAttention: 1 });
    if (request.path === '/api/reviews') return json({ reviews: [review], nextCursor: null });
    if (request.path === '/api/reviews/sync') return sync();
    if (request.path === '/api/reviews/rev_1/case') return json({ id: 'cas_1' }, 201);
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

describe('ReviewsPage', () => {
  it('shows the four summary cards, the average with one decimal', async () => {
    stubReviewsApi(() => json({ imported_count: 0 }));
    renderPage(<ReviewsPage />, { path: '/reviews' });
    const summary = await screen.findByRole('region', { name: 'Review summary' });
    await waitFor(() => expect(within(summary).getByLabelText('Total Reviews').textContent).toBe('3'));
    expect(within(summary).getByLabelText('Matched Patients').textContent).toBe('2');
    expect(within(summary).getByLabelText('Avg Rating').textContent).toBe('4.0');
    expect(within(summary).getByLabelText('Needs Attention').textContent).toBe('1');
  });

  it('lists the review with its match badge and patient', async () => {
    stubReviewsApi(() => json({ imported_count: 0 }));
    renderPage(<ReviewsPage />, { path: '/reviews' });
    const item = (await screen.findByText('Disappointed with aftercare')).closest('li')!;
    expect(item.textContent).toContain('Matched');
    expect(item.textContent).toContain('Patient: Ana Ruiz');
    expect(item.textContent).toContain('Rated 2 out of 5');
  });

  it.each([
    [
      'no review source',
      () => json({ error: { code: 'NO_REVIEW_SOURCE', message: 'No review source is configured' } }, 409),
      'No review source is configured',
    ],
    [
      'a server fault',
      () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
      'Failed to sync reviews. Please try again.',
    ],
  ])('Sync Reviews with %s shows the Error syncing reviews toast', async (_label, answer, message) => {
    stubReviewsApi(answer);
    const user = userEvent.setup();
    renderPage(<ReviewsPage />, { path: '/reviews' });
    await user.click(await screen.findByRole('button', { name: 'Sync Reviews' }));
    expect(await screen.findByText('Error syncing reviews')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('Sync Reviews success says how many were imported', async () => {
    stubReviewsApi(() => json({ imported_count: 4 }));
    const user = userEvent.setup();
    renderPage(<ReviewsPage />, { path: '/reviews' });
    await user.click(await screen.findByRole('button', { name: 'Sync Reviews' }));
    expect(await screen.findByText('Reviews synced successfully')).toBeTruthy();
    expect(screen.getByText('Imported 4 new reviews')).toBeTruthy();
  });

  it('Create case from the detail dialog shows Case created', async () => {
    const network = stubReviewsApi(() => json({ imported_count: 0 }));
    const user = userEvent.setup();
    renderPage(<ReviewsPage />, { path: '/reviews' });
    await user.click(await screen.findByText('Disappointed with aftercare'));
    const dialog = await screen.findByRole('dialog', { name: 'Review details' });
    await user.click(within(dialog).getByRole('button', { name: 'Create case' }));
    expect(await screen.findByText('Case created')).toBeTruthy();
    expect(network.to('/api/reviews/rev_1/case')[0]?.method).toBe('POST');
  });
});
