import type { PublicFormBodies, PublicFormKind } from '@careloop/contracts/public-site';
import { Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { showError } from '../../lib/notifications';
import { submitPublicForm } from '../api/public-forms';

/** The fields a public form shows: the contract's names, each typed as text. */
type PublicFormFields<K extends PublicFormKind> = Partial<
  Record<Exclude<keyof PublicFormBodies[K], 'locale' | 'website'>, string>
>;

/** The typed values with blank ones left out (the server treats absent as not given). */
function withoutBlankFields(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

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
 * `fields` are the inputs the form shows, empty at first; `extra` is sent as it is.
 */
export function usePublicForm<K extends PublicFormKind>(
  kind: K,
  fields: PublicFormFields<K>,
  extra: Record<string, string> = {},
) {
  const { t } = useTranslation('public');
  const form = useForm<Record<string, string>>({
    mode: 'controlled',
    initialValues: { ...fields, website: '' },
  });
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
  const handleSubmit = form.onSubmit((values) => {
    // The field names are the contract's; the server validates the values.
    const body = {
      ...withoutBlankFields(values),
      ...extra,
      locale: currentLanguage(),
    } as PublicFormBodies[K];
    mutation.mutate(body);
  });
  /** A field's value and change handler, for the input of that name. */
  const field = (name: keyof PublicFormFields<K> | 'website') => {
    const { value, onChange } = form.getInputProps(name as string);
    return { name: name as string, value: value as string, onChange };
  };
  return {
    field,
    handleSubmit,
    isSubmitting: mutation.isPending,
    isSent: mutation.isSuccess,
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
