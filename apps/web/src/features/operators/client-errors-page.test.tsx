import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { ClientErrorsPage } from './client-errors-page';

beforeAll(async () => {
  await i18n.loadNamespaces(['operators', 'common']);
});

const publicCrash = {
  id: 'err_1',
  createdAt: '2026-11-28T09:15:00.000Z',
  errorType: 'render_error',
  errorId: 'ERR-7F3A',
  message: 'Cannot read properties of undefined',
  url: 'https://careloop.test/pricing',
  clinicId: null,
  clinicName: null,
  userAgent: 'Mozilla/5.0',
};

describe('ClientErrorsPage', () => {
  it("lists a signed-out page's crash as the public site's, and asks again by source and error id", async () => {
    const network = stubFetch(() => json({ items: [publicCrash], total: 1 }));
    renderPage(<ClientErrorsPage />, { path: '/admin/errors' });
    expect(await screen.findByText('Cannot read properties of undefined')).toBeTruthy();
    expect(screen.getByText('Public site (signed out)')).toBeTruthy();
    expect(screen.getByText('ERR-7F3A')).toBeTruthy();
    expect(screen.getByText('1 report')).toBeTruthy();
    expect(network.to('/api/admin/client-errors')[0]?.search.get('source')).toBe('all');
    expect(network.to('/api/admin/client-errors')[0]?.search.get('includeNotFound')).toBe('false');

    fireEvent.click(screen.getByRole('radio', { name: 'Public site' }));
    await waitFor(() =>
      expect(network.to('/api/admin/client-errors').at(-1)?.search.get('source')).toBe('public'),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Error ID' }), {
      target: { value: ' ERR-7F3A ' },
    });
    await waitFor(() =>
      expect(network.to('/api/admin/client-errors').at(-1)?.search.get('errorId')).toBe('ERR-7F3A'),
    );
  });

  it('says when nothing was reported, and when the list could not be loaded', async () => {
    stubFetch(() => json({ items: [], total: 0 }));
    const { unmount } = renderPage(<ClientErrorsPage />, { path: '/admin/errors' });
    expect(await screen.findByText('No error reported.')).toBeTruthy();
    unmount();
    stubFetch(() => json({ error: { code: 'FORBIDDEN', message: 'Operators only' } }, 403));
    renderPage(<ClientErrorsPage />, { path: '/admin/errors' });
    expect(await screen.findByText('Could not load the error reports')).toBeTruthy();
  });
});
