import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as reporting from '../../lib/reporting';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('shows Page not found with a link home and logs the path once as a 404', async () => {
    const network = stubFetch(() => json({ accepted: true }, 202));
    const reports = vi.spyOn(reporting, 'reportError');
    renderPage(<NotFoundPage />, { path: '*', url: '/no-such-page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // Rendered under StrictMode: both runs of the effect are over once the page is on screen (the
    // render flushes its effects), and only one of them reported.
    expect(reports).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(network.to('/api/log-error')).toHaveLength(1));

    const [report] = network.to('/api/log-error');
    expect(report?.method).toBe('POST');
    expect(report?.body).toMatchObject({
      error_type: 'page_not_found',
      error_message: '404',
      url: expect.stringContaining('/'),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(report?.body).not.toHaveProperty('user_id');
  });

  it('stays on screen when the report fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPage(<NotFoundPage />, { path: '*', url: '/gone' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledOnce());
  });
});
