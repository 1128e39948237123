import type { ConnectionTestResponse } from '@careloop/contracts/settings';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { fieldErrorsOf } from '../settings.utils';

/** Reports a connection test: 'Connection successful', or 'Connection failed' with the reason. */
export function useConnectionTestReport(fallbackKey: 'sms.testFallback' | 'whatsapp.testFallback') {
  const { t } = useTranslation('settings');
  return {
    /** 'Connection successful', or 'Connection failed' with why, as the server words it in the reader's language. */
    reportResult(result: ConnectionTestResponse): void {
      if (result.success) showSuccess({ title: t('connection.successful') });
      else showError({ title: t('connection.failed'), message: result.message });
    },
    /** A refused test (a field error, a network failure): 'Connection failed' with the reason or the fallback. */
    reportError(error: unknown): void {
      const [detail] = Object.values(fieldErrorsOf(error));
      const message = detail
        ? translateDomainMessage(t, detail)
        : error instanceof ApiError && error.status >= 400 && error.status < 500
          ? error.message
          : t(fallbackKey);
      showError({ title: t('connection.failed'), message });
    },
  };
}
