import type { DomainMessage } from '@careloop/domain/domain-message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { type FieldErrors, fieldErrorsOf, hasErrors, visibleErrors } from '../settings.utils';

/**
 * A settings form's state: values, which fields were edited, whether Save was pressed, and the
 * field errors of the last server answer (cleared when the field changes). `validate` runs on
 * every render, so errors follow the typing.
 */
export function useSettingsForm<Values extends Record<string, unknown>, Field extends string>(
  initial: Values,
  validate: (values: Values) => FieldErrors<Field>,
) {
  const { t } = useTranslation('settings');
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<string>>({});

  const errors = validate(values);
  const shown: FieldErrors<string> = { ...serverErrors, ...visibleErrors(errors, touched, submitted) };

  return {
    values,
    /** Save is blocked while the form has an error (shown or about to be). */
    isValid: !hasErrors(errors),
    /** Whether an error is on screen now. */
    showsError: hasErrors(shown),
    set<K extends keyof Values & string>(field: K, value: Values[K]) {
      setValues((current) => ({ ...current, [field]: value }));
      setTouched((current) => ({ ...current, [field]: true }));
      setServerErrors(({ [field]: _cleared, ...rest }) => rest);
    },
    /** The translated error of a field, for the input's `error` prop. */
    errorOf(field: keyof Values & string): string | null {
      const message: DomainMessage | undefined = shown[field];
      return message ? translateDomainMessage(t, message) : null;
    },
    /** Marks Save as pressed; answers whether the values may be sent. */
    submit(): boolean {
      setSubmitted(true);
      return !hasErrors(errors);
    },
    /** Keeps the server's field errors of a failed save. */
    failWith(error: unknown) {
      setServerErrors(fieldErrorsOf(error));
    },
    /** After a save: new starting values, nothing edited. */
    reset(next: Values) {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
