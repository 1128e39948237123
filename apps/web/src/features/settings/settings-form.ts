import type { Namespace, TFunction } from 'i18next';
import { translateDomainMessage } from '../../lib/domain-messages';
import type { FieldErrors } from './settings.utils';

/** Field errors (the form's own or the server's) in the interface language, as @mantine/form keeps them. */
export function translatedErrors(
  t: TFunction<Namespace>,
  errors: FieldErrors<string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, message]) =>
      message ? [[field, translateDomainMessage(t, message)]] : [],
    ),
  );
}

/** Whether a form shows an error now (Save stays disabled until it is fixed). */
export function showsError(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some((error) => error !== undefined && error !== null);
}
