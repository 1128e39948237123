import type { ReviewReply, ReviewReplyResponse } from '@careloop/contracts/review-replies';
import type { Review } from '@careloop/contracts/reviews';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n';
import { json, type SeenRequest, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { ReviewReplyPanel } from './review-reply-panel';

beforeAll(async () => {
  await i18n.loadNamespaces(['reviews', 'plans']);
});

const review: Review = {
  id: 'rev_1',
  provider: 'trustpilot',
  rating: 1,
  title: 'Bad',
  reviewText: 'Nobody called me back.',
  reviewerName: 'Ana R.',
  reviewDate: '2025-03-10T12:00:00Z',
  matchStatus: 'unmatched',
  matchConfidence: null,
  patientId: null,
  patientName: null,
  openCaseId: null,
  publicReply: null,
};

const draft: ReviewReply = {
  id: 'rrp_1',
  reviewId: 'rev_1',
  status: 'drafted',
  text: 'Dear Ana, thank you for your feedback. Please contact us directly.',
  source: 'ai',
  language: 'en',
  draftNote: null,
  draftDueAt: '2025-03-10T14:00:00Z',
  draftedAt: '2025-03-10T14:00:00Z',
  editedAt: null,
  approvedAt: null,
  postedAt: null,
  discardedAt: null,
  providerError: null,
  providerErrorKind: null,
};

const answer = (
  reply: ReviewReply | null,
  extra: Partial<ReviewReplyResponse> = {},
): ReviewReplyResponse => ({
  available: true,
  canPost: false,
  reply,
  ...extra,
});

function stubReplyApi(handle: (request: SeenRequest) => Response | undefined) {
  return stubFetch(
    (request) => handle(request) ?? json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
  );
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('ReviewReplyPanel', () => {
  it.each([
    ['en', 'It did not accept the saved credentials.', 'Its answer: trustpilot answered 401'],
    ['es', 'No aceptó las credenciales guardadas.', 'Su respuesta: trustpilot answered 401'],
    ['tr', 'Kayıtlı kimlik bilgilerini kabul etmedi.', 'Verdiği yanıt: trustpilot answered 401'],
  ] as const)(
    'a refused post says why in the reader language (%s), the platform words kept for support',
    async (language, reason, said) => {
      await changeLanguage(language);
      const failed: ReviewReply = {
        ...draft,
        status: 'failed',
        approvedAt: '2025-03-10T15:00:00Z',
        providerError: 'trustpilot answered 401',
        providerErrorKind: 'unauthorized',
      };
      stubReplyApi((request) =>
        request.method === 'GET' ? json(answer(failed, { canPost: true })) : undefined,
      );
      renderPage(<ReviewReplyPanel review={review} />, { path: '/reviews' });
      expect(await screen.findByText(reason)).toBeTruthy();
      expect(screen.getByText(said)).toBeTruthy();
    },
  );

  it('shows a public reply written elsewhere and offers no editor over it', async () => {
    stubReplyApi((request) => (request.method === 'GET' ? json(answer(draft)) : undefined));
    renderPage(
      <ReviewReplyPanel
        review={{ ...review, publicReply: { text: 'We called you back today.', at: '2025-03-11T09:00:00Z' } }}
      />,
      { path: '/reviews' },
    );
    expect(await screen.findByText('We called you back today.')).toBeTruthy();
    expect(screen.getByText(/already replied on Trustpilot/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /approve/i })).toBeNull();
  });

  it('shows the AI draft; editing then Approve saves the text first, then approves', async () => {
    let current = draft;
    const api = stubReplyApi((request) => {
      if (
        request.path !== '/api/reviews/rev_1/reply' &&
        !request.path.startsWith('/api/reviews/rev_1/reply/')
      )
        return undefined;
      if (request.method === 'GET') return json(answer(current));
      if (request.method === 'PUT') {
        current = { ...current, text: (request.body as { text: string }).text, source: 'staff' };
        return json(answer(current));
      }
      if (request.path.endsWith('/approve')) {
        current = { ...current, status: 'approved', approvedAt: '2025-03-10T15:00:00Z' };
        return json(answer(current));
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ReviewReplyPanel review={review} />, { path: '/reviews' });

    const box = await screen.findByLabelText('Reply text');
    expect((box as HTMLTextAreaElement).value).toBe(draft.text);
    expect(screen.getByText('AI draft')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'Hello Ana, please get in touch with us.');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Approved. Copy the reply and post it on Trustpilot.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/reviews/rev_1/reply',
      'POST /api/reviews/rev_1/reply/approve',
    ]);
    expect(api.to('/api/reviews/rev_1/reply').find((r) => r.method === 'PUT')?.body).toEqual({
      text: 'Hello Ana, please get in touch with us.',
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('shows the check failure under the text box and keeps the draft', async () => {
    stubReplyApi((request) => {
      if (request.method === 'GET') return json(answer(draft));
      if (request.method === 'PUT')
        return json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'The reply must not mention a date',
              details: [
                {
                  field: 'text',
                  key: 'reviews.reply.errors.namesDate',
                  message: 'The reply must not mention a date',
                },
              ],
            },
          },
          400,
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ReviewReplyPanel review={review} />, { path: '/reviews' });
    const box = await screen.findByLabelText('Reply text');
    await user.type(box, ' See you on Monday.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(screen.getAllByText('The reply must not mention a date').length).toBeGreaterThan(0),
    );
    expect((box as HTMLTextAreaElement).value).toContain('See you on Monday.');
  });

  it('offers Approve and post when credentials allow, and shows a posted reply read-only', async () => {
    stubReplyApi((request) =>
      request.method === 'GET'
        ? json(answer({ ...draft, status: 'posted', postedAt: '2025-03-11T09:00:00Z' }, { canPost: true }))
        : undefined,
    );
    renderPage(<ReviewReplyPanel review={review} />, { path: '/reviews' });
    expect(await screen.findByText('Posted')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.getByText(draft.text!)).toBeTruthy();
  });

  it('shows the Premium Feature notice on a plan without the feature', async () => {
    stubReplyApi((request) =>
      request.method === 'GET' ? json(answer(null, { available: false })) : undefined,
    );
    renderPage(<ReviewReplyPanel review={review} />, { path: '/reviews' });
    expect(await screen.findByText('This feature requires Professional or Enterprise plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('discards a draft', async () => {
    let current = draft;
    stubReplyApi((request) => {
      if (request.method === 'GET') return json(answer(current));
      if (request.path.endsWith('/discard')) {
        current = { ...current, status: 'discarded', discardedAt: '2025-03-10T15:00:00Z' };
        return json(answer(current));
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ReviewReplyPanel review={review} />, { path: '/reviews' });
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('This reply was discarded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });
});
