import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showSuccess } from '../lib/notifications';
import { AppProvider } from './provider';

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
