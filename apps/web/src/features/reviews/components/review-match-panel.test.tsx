import type { Patient } from '@careloop/contracts/patients';
import type { ReviewMatchChange, ReviewMatchDetail } from '@careloop/contracts/review-matches';
import type { Review } from '@careloop/contracts/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, type SeenRequest, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { ReviewsPage } from '../reviews-page';
import { ReviewMatchPanel } from './review-match-panel';

beforeAll(async () => {
  await i18n.loadNamespaces(['reviews', 'common']);
});

const emily = { id: 'P-1', name: 'Emily Carter' };
const lucia = { id: 'P-2', name: 'Lucía Fernández' };
const michael = { id: 'P-3', name: 'Michael Brooks' };

const engineMatch: ReviewMatchDetail = {
  reviewId: 'rev_1',
  matchStatus: 'matched',
  matchConfidence: 0.62,
  patient: emily,
  decidedBy: 'engine',
  needsReview: true,
  evidence: ['given_name', 'procedure'],
  candidates: [{ ...emily, procedure: 'Teeth Whitening', procedureDate: '2025-03-01' }],
  history: [],
};

const change = (over: Partial<ReviewMatchChange> & Pick<ReviewMatchChange, 'decision' | 'from' | 'to'>) => ({
  id: `act_${Math.random().toString(16).slice(2)}`,
  at: '2025-03-11T09:30:00Z',
  by: { id: 'user-1', name: 'Ada Lovelace' },
  ...over,
});

const matchedTo = (patient: { id: string; name: string }, from: ReviewMatchDetail): ReviewMatchDetail => ({
  ...from,
  matchStatus: 'matched',
  matchConfidence: 1,
  patient,
  decidedBy: 'staff',
  needsReview: false,
  // Newest first, as the server answers.
  history: [
    change({
      decision: from.patient?.id === patient.id ? 'confirm' : 'match',
      from: {
        matchStatus: from.matchStatus,
        patientId: from.patient?.id ?? null,
        matchConfidence: from.matchConfidence,
      },
      to: { matchStatus: 'matched', patientId: patient.id, matchConfidence: 1 },
    }),
    ...from.history,
  ],
});

const unmatched = (from: ReviewMatchDetail): ReviewMatchDetail => ({
  ...from,
  matchStatus: 'unmatched',
  matchConfidence: null,
  patient: null,
  decidedBy: 'staff',
  needsReview: false,
  evidence: [],
  // Newest first, as the server answers.
  history: [
    change({
      decision: 'unmatch',
      from: {
        matchStatus: from.matchStatus,
        patientId: from.patient?.id ?? null,
        matchConfidence: from.matchConfidence,
      },
      to: { matchStatus: 'unmatched', patientId: null, matchConfidence: null },
    }),
    ...from.history,
  ],
});

const patientRow = (p: { id: string; name: string }): Patient => ({
  ...p,
  email: null,
  phone: null,
  procedure: null,
  procedureOriginal: null,
  status: 'active',
  comment: null,
  language: null,
  marketingConsent: null,
  procedureDate: null,
  lastCheck: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

const notFound = () => json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);

/** A small fake of the match endpoints: state kept between calls, like the server. */
function stubMatchApi(
  initial: ReviewMatchDetail,
  extra: (request: SeenRequest) => Response | undefined = () => undefined,
) {
  let current = initial;
  const all = [emily, lucia, michael];
  const api = stubFetch((request) => {
    const handled = extra(request);
    if (handled) return handled;
    if (request.path === '/api/review-matches/rev_1' && request.method === 'GET') return json(current);
    if (request.path === '/api/review-matches/rev_1/match' && request.method === 'POST') {
      const { patientId } = request.body as { patientId: string };
      const patient = all.find((p) => p.id === patientId);
      if (!patient)
        return json(
          {
            error: {
              code: 'VALIDATION',
              message: 'The request is not valid',
              details: [{ field: 'patientId', message: 'Patient not found' }],
            },
          },
          400,
        );
      current = matchedTo(patient, current);
      return json(current);
    }
    if (request.path === '/api/review-matches/rev_1/unmatch' && request.method === 'POST') {
      current = unmatched(current);
      return json(current);
    }
    if (request.path === '/api/patients') {
      const q = (request.search.get('q') ?? '').toLowerCase();
      const found = all.filter((p) => p.name.toLowerCase().includes(q)).map(patientRow);
      return json({ patients: found, nextCursor: null, total: found.length });
    }
    return notFound();
  });
  return { ...api, current: () => current };
}

const posts = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => `${r.path} ${JSON.stringify(r.body ?? null)}`);

describe('ReviewMatchPanel', () => {
  it('flags a low-confidence engine match, and Confirm match records the decision', async () => {
    const api = stubMatchApi(engineMatch);
    const user = userEvent.setup();
    renderPage(<ReviewMatchPanel reviewId="rev_1" />, { path: '/reviews' });

    expect(await screen.findByText('Needs review')).toBeTruthy();
    expect(screen.getByText('62% confidence')).toBeTruthy();
    expect(screen.getByTestId('matched-patient').textContent).toBe('Emily Carter');
    expect(
      screen.getByText(
        'The evidence does not single out this patient for certain. Confirm the patient, choose another one or unmatch.',
      ),
    ).toBeTruthy();
    // The engine's evidence, in words.
    const why = screen.getByRole('list', { name: 'Why this patient' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'The first name agrees',
      "The review names the patient's procedure",
      "Written within 180 days after the patient's procedure",
    ]);
    // The engine's only candidate is the matched patient: no separate list.
    expect(screen.queryByText('Possible patients')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Confirm match' }));

    expect(await screen.findByText('Match confirmed')).toBeTruthy();
    expect(posts(api.requests)).toEqual(['/api/review-matches/rev_1/match {"patientId":"P-1"}']);
    await waitFor(() => expect(screen.queryByText('Needs review')).toBeNull());
    expect(screen.getByText('Checked by staff')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm match' })).toBeNull();
    const history = screen.getByRole('list', { name: 'Match history' });
    expect(within(history).getByRole('listitem').textContent).toMatch(
      /· Ada Lovelace: confirmed the match \(Emily Carter → Emily Carter\)$/,
    );
  });

  it('lists the candidates of multiple matches; picking one matches the review to that patient', async () => {
    const api = stubMatchApi({
      ...engineMatch,
      matchStatus: 'multiple_matches',
      matchConfidence: 0.5,
      patient: null,
      candidates: [
        { ...emily, procedure: 'Teeth Whitening', procedureDate: '2025-03-01' },
        { ...lucia, procedure: 'Plastic Surgery', procedureDate: null },
      ],
    });
    const user = userEvent.setup();
    renderPage(<ReviewMatchPanel reviewId="rev_1" />, { path: '/reviews' });

    const candidates = await screen.findByRole('list', { name: 'Possible patients' });
    expect(
      within(candidates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Emily CarterTeeth Whitening on .*2025/),
      'Lucía FernándezPlastic SurgeryPick',
    ]);
    expect(screen.getByText('Needs review')).toBeTruthy();
    expect(screen.getByText('Several patients fit this review. Pick the right one or unmatch.')).toBeTruthy();
    expect(screen.getByTestId('matched-patient').textContent).toBe('No patient matched');
    expect(screen.queryByRole('button', { name: 'Confirm match' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pick Lucía Fernández' }));

    expect(await screen.findByText('Review matched to Lucía Fernández')).toBeTruthy();
    expect(posts(api.requests)).toEqual(['/api/review-matches/rev_1/match {"patientId":"P-2"}']);
    await waitFor(() => expect(screen.getByTestId('matched-patient').textContent).toBe('Lucía Fernández'));
    // The other candidate stays on offer; the one now matched does not.
    expect(screen.queryByRole('button', { name: 'Pick Lucía Fernández' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pick Emily Carter' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Match history' }).textContent).toContain(
      'matched by hand (Multiple matches → Lucía Fernández)',
    );
  });

  it('chooses another patient through the server search, then Match', async () => {
    const api = stubMatchApi(engineMatch);
    const user = userEvent.setup();
    renderPage(<ReviewMatchPanel reviewId="rev_1" />, { path: '/reviews' });

    const match = await screen.findByRole('button', { name: 'Match' });
    expect((match as HTMLButtonElement).disabled).toBe(true);
    const picker = screen.getByRole('combobox', { name: 'Match to another patient' });
    await user.click(picker);
    await user.type(picker, 'brooks');
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/patients' && r.search.get('q') === 'brooks')).toBe(
        true,
      ),
    );
    // The server's answer is shown as it is: only the patient it found.
    await waitFor(() =>
      expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
        'Michael Brooks',
      ]),
    );
    await user.click(screen.getByRole('option', { name: 'Michael Brooks', hidden: true }));
    await user.click(match);

    expect(await screen.findByText('Review matched to Michael Brooks')).toBeTruthy();
    expect(posts(api.requests)).toEqual(['/api/review-matches/rev_1/match {"patientId":"P-3"}']);
    await waitFor(() => expect(screen.getByTestId('matched-patient').textContent).toBe('Michael Brooks'));
    // The picker is empty again after the match.
    expect(
      (screen.getByRole('combobox', { name: 'Match to another patient' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('Unmatch removes the match; a failed decision shows the error toast', async () => {
    const api = stubMatchApi(engineMatch, (request) =>
      request.path === '/api/review-matches/rev_1/match'
        ? json({ error: { code: 'NOT_FOUND', message: 'Review not found' } }, 404)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<ReviewMatchPanel reviewId="rev_1" />, { path: '/reviews' });

    await user.click(await screen.findByRole('button', { name: 'Confirm match' }));
    expect(await screen.findByText('Could not change the match')).toBeTruthy();
    expect(screen.getByText('This review no longer exists')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unmatch' }));
    expect(await screen.findByText('Match removed')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('matched-patient').textContent).toBe('No patient matched'));
    expect(screen.getByText('Unmatched')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unmatch' })).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/review-matches/rev_1/match',
      '/api/review-matches/rev_1/unmatch',
    ]);
  });

  it('names history patients the answer does not carry, by looking them up', async () => {
    stubMatchApi(
      {
        ...engineMatch,
        decidedBy: 'staff',
        needsReview: false,
        matchConfidence: 1,
        history: [
          change({
            decision: 'match',
            at: '2025-03-12T09:30:00Z',
            from: { matchStatus: 'matched', patientId: 'P-3', matchConfidence: 1 },
            to: { matchStatus: 'matched', patientId: 'P-1', matchConfidence: 1 },
          }),
          change({
            decision: 'match',
            by: null,
            from: { matchStatus: 'matched', patientId: 'P-9', matchConfidence: 0.7 },
            to: { matchStatus: 'matched', patientId: 'P-3', matchConfidence: 1 },
          }),
        ],
      },
      (request) => (request.path === '/api/patients/P-3' ? json(patientRow(michael)) : undefined),
    );
    renderPage(<ReviewMatchPanel reviewId="rev_1" />, { path: '/reviews' });

    const history = await screen.findByRole('list', { name: 'Match history' });
    await waitFor(() =>
      expect(
        within(history)
          .getAllByRole('listitem')
          .map((li) => li.textContent?.split(' · ')[1]),
      ).toEqual([
        'Ada Lovelace: matched by hand (Michael Brooks → Emily Carter)',
        'A former team member: matched by hand (a patient no longer on file → Michael Brooks)',
      ]),
    );
  });
});

describe('ReviewsPage with the match panel', () => {
  const review: Review = {
    id: 'rev_1',
    provider: 'trustpilot',
    rating: 4,
    title: 'Good experience',
    reviewText: 'Friendly staff, clean clinic.',
    reviewerName: 'Michael B.',
    reviewDate: '2025-03-10T12:00:00Z',
    matchStatus: 'unmatched',
    matchConfidence: null,
    patientId: null,
    patientName: null,
    openCaseId: null,
    publicReply: null,
  };

  it('a match by hand refreshes the list badge and the summary', async () => {
    const start: ReviewMatchDetail = {
      ...engineMatch,
      matchStatus: 'unmatched',
      matchConfidence: null,
      patient: null,
      needsReview: false,
      evidence: [],
      candidates: [],
    };
    const api = stubMatchApi(start, (request) => {
      if (request.path === '/api/reviews/summary')
        return json({ totalReviews: 1, matchedPatients: 0, averageRating: 4, needsAttention: 0 });
      if (request.path === '/api/reviews') {
        const now = api.current();
        return json({
          reviews: [
            {
              ...review,
              matchStatus: now.matchStatus,
              matchConfidence: now.matchConfidence,
              patientId: now.patient?.id ?? null,
              patientName: now.patient?.name ?? null,
            },
          ],
          nextCursor: null,
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ReviewsPage />, { path: '/reviews' });

    const item = (await screen.findByText('Good experience')).closest('li')!;
    expect(item.textContent).toContain('Unmatched');
    await user.click(within(item).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Review details' });
    const picker = await within(dialog).findByRole('combobox', { name: 'Match to another patient' });
    await user.click(picker);
    await user.type(picker, 'Michael');
    await user.click(await screen.findByRole('option', { name: 'Michael Brooks', hidden: true }));
    const summaryCalls = api.to('/api/reviews/summary').length;
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));

    await waitFor(() => expect(item.textContent).toContain('Patient: Michael Brooks'));
    expect(item.textContent).toContain('Matched');
    expect(api.to('/api/reviews/summary').length).toBeGreaterThan(summaryCalls);
  });
});
