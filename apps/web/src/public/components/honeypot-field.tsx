import { useTranslation } from 'react-i18next';

/**
 * A field people never see or reach by keyboard; bots that fill every input fill it too, and the
 * server then accepts the request without storing it. No third-party captcha needed.
 */
export function HoneypotField() {
  const { t } = useTranslation('public');
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        {t('forms.honeypot')}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
