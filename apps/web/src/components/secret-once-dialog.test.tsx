import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import { SecretOnceDialog } from './secret-once-dialog';

function renderDialog(secrets: { label: string; value: string }[] | null) {
  const onClose = vi.fn();
  renderPage(
    <SecretOnceDialog
      secrets={secrets}
      onClose={onClose}
      title="API client created"
      warning="Copy the secret now: it is not shown again."
      howTo="Exchange the pair for a token."
      doneLabel="Done"
    />,
    { path: '/' },
  );
  return { onClose };
}

describe('SecretOnceDialog', () => {
  it('shows each secret read-only with its copy button, the warning and the next step', async () => {
    const { onClose } = renderDialog([
      { label: 'Client ID', value: 'cl_123' },
      { label: 'Client secret', value: 's3cr3t' },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'API client created' });
    expect(within(dialog).getByText('Copy the secret now: it is not shown again.')).toBeTruthy();
    const secret = within(dialog).getByRole('textbox', { name: 'Client secret' }) as HTMLInputElement;
    expect(secret.value).toBe('s3cr3t');
    expect(secret.readOnly).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Copy Client ID' })).toBeTruthy();
    expect(within(dialog).getByText('Exchange the pair for a token.')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is closed while there is no secret', async () => {
    renderDialog(null);
    await waitFor(() => expect(screen.queryByText('suspended')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
