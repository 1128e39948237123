import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderPage } from '../test/render';
import { QueryState } from './query-state';

type Query = { data: string[] | undefined; error: unknown; isError: boolean; refetch: () => unknown };

const query = (overrides: Partial<Query>): Query => ({
  data: undefined,
  error: null,
  isError: false,
  refetch: () => undefined,
  ...overrides,
});

function renderState(state: Query, options: { forbidden?: boolean; empty?: boolean } = {}) {
  return renderPage(
    <QueryState
      query={state}
      errorTitle="Failed to load the list"
      forbidden={options.forbidden ? <p>Managers only</p> : undefined}
      empty={
        options.empty
          ? { isEmpty: (items) => items.length === 0, title: 'Nothing yet', hint: 'Add the first one' }
          : undefined
      }
    >
      {(items) => <p>{`Items: ${items.join(', ')}`}</p>}
    </QueryState>,
    { path: '/' },
  );
}

describe('QueryState', () => {
  it('announces loading until the data comes', async () => {
    renderState(query({}));
    expect((await screen.findByRole('status')).textContent).toContain('Loading...');
    expect(screen.queryByText(/^Items/)).toBeNull();
  });

  it('shows the data, and keeps it when a later refetch fails', async () => {
    renderState(
      query({ data: ['a', 'b'], isError: true, error: new ApiError(0, 'NETWORK_ERROR', 'offline') }),
    );
    expect(await screen.findByText('Items: a, b')).toBeTruthy();
    expect(screen.queryByText('Failed to load the list')).toBeNull();
  });

  it('shows a failed load with a retry that refetches', async () => {
    const refetch = vi.fn();
    renderState(query({ isError: true, error: new ApiError(500, 'INTERNAL', 'boom'), refetch }));
    expect(await screen.findByText('Failed to load the list')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['FORBIDDEN', true, 'Managers only'],
    ['PLAN_REQUIRED', true, 'Failed to load the list'],
    ['FORBIDDEN', false, 'Failed to load the list'],
  ])('a 403 %s with a forbidden notice given: %s -> %s', async (code, forbidden, expected) => {
    renderState(query({ isError: true, error: new ApiError(403, code, 'no') }), { forbidden });
    expect(await screen.findByText(expected)).toBeTruthy();
  });

  it('shows the empty state for data with nothing in it, and the content otherwise', async () => {
    const view = renderState(query({ data: [] }), { empty: true });
    expect(await screen.findByRole('heading', { name: 'Nothing yet' })).toBeTruthy();
    expect(screen.getByText('Add the first one')).toBeTruthy();
    view.unmount();
    renderState(query({ data: ['c'] }), { empty: true });
    expect(await screen.findByText('Items: c')).toBeTruthy();
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });
});
