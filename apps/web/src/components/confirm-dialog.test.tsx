import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(props: { opened?: boolean; isPending?: boolean }) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  renderPage(
    <ConfirmDialog
      opened={props.opened ?? true}
      onClose={onClose}
      title="Revoke API client"
      message="Zapier stops working at once."
      cancelLabel="Cancel"
      confirmLabel="Revoke"
      onConfirm={onConfirm}
      isPending={props.isPending ?? false}
    />,
    { path: '/' },
  );
  return { onClose, onConfirm };
}

describe('ConfirmDialog', () => {
  it('says what confirming does and confirms only on the confirm button', async () => {
    const { onClose, onConfirm } = renderDialog({});
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API client' });
    expect(within(dialog).getByText('Zapier stops working at once.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes from its labelled close button', async () => {
    const { onClose, onConfirm } = renderDialog({});
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API client' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows nothing while closed', async () => {
    renderDialog({ opened: false });
    await waitFor(() => expect(screen.queryByText('suspended')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
