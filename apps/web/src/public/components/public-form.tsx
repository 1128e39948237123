import type { PublicFormBodies, PublicFormKind } from '@careloop/contracts/public-site';
import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { showError } from '../../lib/notifications';
import { readForm, submitPublicForm } from '../api/public-forms';

/**
 * Sends one public form. The browser checks required fields and e-mail types first; the server
 * checks again. A failure shows a toast and keeps what was typed; success is the caller's to show.
 */
export function usePublicForm<K extends PublicFormKind>(kind: K, extra: Record<string, string> = {}) {
  const { t } = useTranslation('public');
  const mutation = useMutation({
    mutationFn: (body: PublicFormBodies[K]) => submitPublicForm(kind, body),
    onError: (error) =>
      showError({
        title: t('forms.failedTitle'),
        message:
          error instanceof ApiError && error.status === 400 ? t('forms.invalid') : t('forms.failedMessage'),
      }),
  });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field names are the contract's; the server validates the values.
    const body = {
      ...readForm(event.currentTarget),
      ...extra,
      locale: currentLanguage(),
    } as PublicFormBodies[K];
    mutation.mutate(body);
  };
  return {
    handleSubmit,
    isSubmitting: mutation.isPending,
    isSent: mutation.isSuccess,
    reset: mutation.reset,
  };
}

/** The confirmation that replaces a sent form. */
export function FormSent({ title, message }: { title: string; message: string }) {
  return (
    <Alert
      color="green"
      variant="light"
      title={title}
      icon={<IconCircleCheck aria-hidden="true" />}
      role="status"
    >
      {message}
    </Alert>
  );
}
