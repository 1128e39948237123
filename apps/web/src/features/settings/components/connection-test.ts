import type { ConnectionTestResponse } from '@careloop/contracts/settings';
import { ApiError } from '../../../lib/api-client';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { fieldErrorsOf } from '../settings.utils';

type Translate = (key: string) => string;

/** 'Connection successful', or 'Connection failed' with the provider's reason. */
export function reportConnectionTest(t: Translate, result: ConnectionTestResponse): void {
  if (result.success) showSuccess({ title: t('settings:connection.successful') });
  else showError({ title: t('settings:connection.failed'), message: result.message });
}

/** A refused test (a field error, a network failure): 'Connection failed' with the reason or the fallback. */
export function reportConnectionTestError(t: Translate, error: unknown, fallbackKey: string): void {
  const [detail] = Object.values(fieldErrorsOf(error));
  const message = detail
    ? translateDomainMessage(t, detail)
    : error instanceof ApiError && error.status >= 400 && error.status < 500
      ? error.message
      : t(fallbackKey);
  showError({ title: t('settings:connection.failed'), message });
}
