import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { showSuccess } from '../lib/notifications';
import { AppProvider } from './provider';

// The toast container is a lazy chunk: loaded before the test so that findBy waits on React, not on
// the machine (React.lazy still goes through the import, which the cache answers at once).
beforeAll(async () => {
  await import('./toast-container');
});

describe('AppProvider', () => {
  it('shows no toast container until the first toast, then shows the toast', async () => {
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    );
    expect(await screen.findByText('page')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => showSuccess({ title: 'Saved' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
  });
});
