import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../lib/api-error-message';
import { showError } from '../lib/notifications';
import { ConfirmDialog } from './confirm-dialog';

type ConfirmActionDialogProps<Target extends { id: string }, Result> = {
  /** The record the action is about, or null while the dialog is closed. */
  target: Target | null;
  onClose: () => void;
  /** The server call the confirm button makes with the target's id. */
  action: UseMutationResult<Result, Error, string>;
  /** After the server has done it (the dialog is closed first). */
  onDone?: (result: Result) => void;
  /** The toast's title when the server refuses. */
  errorTitle: string;
  title: string;
  message: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
};

/** A confirm dialog whose confirm button runs one server action on a record: closes on success, toasts a refusal. */
export function ConfirmActionDialog<Target extends { id: string }, Result>({
  target,
  onClose,
  action,
  onDone,
  errorTitle,
  title,
  message,
  cancelLabel,
  confirmLabel,
}: ConfirmActionDialogProps<Target, Result>) {
  const handleConfirm = () => {
    if (!target) return;
    action.mutate(target.id, {
      onSuccess: (result) => {
        onClose();
        onDone?.(result);
      },
      onError: (error) => showError({ title: errorTitle, message: apiErrorMessage(error) }),
    });
  };
  return (
    <ConfirmDialog
      opened={target !== null}
      onClose={onClose}
      title={title}
      message={message}
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel}
      onConfirm={handleConfirm}
      isPending={action.isPending}
    />
  );
}
