import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

export type Toast = {
  /** Already translated. */
  title: string;
  /** Already translated; without it the title is shown as the message. */
  message?: string;
};

const autoCloseMs = 4000;

function show(toast: Toast, color: string): void {
  notifications.show({
    title: toast.message ? toast.title : undefined,
    message: toast.message ?? toast.title,
    color,
    autoClose: autoCloseMs,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.closeNotification') },
  });
}

export function showSuccess(toast: Toast): void {
  show(toast, 'green');
}

export function showInfo(toast: Toast): void {
  show(toast, 'brand');
}

export function showError(toast: Toast): void {
  show(toast, 'red');
}
