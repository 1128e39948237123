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

/** 'in 2 minutes', 'dentro de 2 minutos', '2 dakika sonra': a wait as the language says it. */
export function waitText(seconds: number | undefined, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  // The server gives no time: our forms' limits count by the minute.
  const wait = seconds ?? 60;
  if (wait < 60) return format.format(Math.max(1, wait), 'second');
  if (wait < 3600) return format.format(Math.ceil(wait / 60), 'minute');
  return format.format(Math.ceil(wait / 3600), 'hour');
}

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
          error instanceof ApiError && error.status === 429
            ? t('forms.rateLimited', { when: waitText(error.retryAfterSeconds, currentLanguage()) })
            : error instanceof ApiError && error.status === 400
              ? t('forms.invalid')
              : t('forms.failedMessage'),
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
