import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/** The form's `website` field: its name, value and change handler. */
type HoneypotFieldProps = Required<Pick<ComponentProps<'input'>, 'name' | 'value' | 'onChange'>>;

/**
 * A field people never see or reach by keyboard; bots that fill every input fill it too, and the
 * server then accepts the request without storing it. No third-party captcha needed. Its label is
 * in the common texts: the signed-in app shows it too (the enterprise contact dialog).
 */
export function HoneypotField(props: HoneypotFieldProps) {
  const { t } = useTranslation('common');
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        {t('honeypot')}
        <input type="text" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
