import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactElement, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { ErrorBoundary } from './error-boundary';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) throw new Error('Kaboom');
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  it('shows the error screen with an Error ID, reports it, and Try Again clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const network = stubFetch(() => json({ accepted: true }, 202));
    shouldThrow = true;
    renderPage(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
      { path: '/' },
    );

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText(
        "We've encountered an unexpected error. Our team has been notified and will fix this soon.",
      ),
    ).toBeTruthy();
    const errorId = screen.getByText(/^ERR-/).textContent;
    expect(errorId).toMatch(/^ERR-[0-9A-Z]+-[0-9A-F]{8}$/);
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();

    await waitFor(() => expect(network.to('/api/log-error').length).toBeGreaterThan(0));
    expect(network.to('/api/log-error')[0]?.body).toMatchObject({
      error_type: 'react_error_boundary',
      error_id: errorId,
      error_message: 'Kaboom',
      error_stack: expect.stringContaining('Kaboom'),
      component_stack: expect.stringContaining('Fragile'),
    });

    shouldThrow = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('All good')).toBeTruthy();
  });

  it('reloads the page on Try Again when the page code failed to load, which rendering again cannot fix', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => json({ accepted: true }, 202));
    const failedImport = Promise.reject(
      new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/pricing-page-AbC.js',
      ),
    );
    failedImport.catch(() => {});
    const Page = lazy(() => failedImport as Promise<{ default: () => ReactElement }>);
    const reloadPage = vi.fn();
    renderPage(
      <ErrorBoundary reloadPage={reloadPage}>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
      { path: '/' },
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    // The lazy page keeps its failed import: only the reload could help.
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});
