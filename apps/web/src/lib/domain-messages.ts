import type { DomainMessage } from '@careloop/domain/domain-message';
import type { Namespace, TFunction } from 'i18next';
import { translateRuntimeKey } from '../i18n/runtime-key';

/** Keys whose message is the server's own text, shown as it came. */
const passThroughKeys = new Set(['auth.errors.server']);

/**
 * Turns a domain message key (`<namespace>.<path>`, e.g. `auth.errors.invalidCredentials`) into
 * the translated text; server text passes through unchanged.
 */
export function translateDomainMessage(
  t: TFunction<Namespace>,
  message: DomainMessage,
  options: Record<string, unknown> = {},
): string {
  if (passThroughKeys.has(message.key)) return message.message;
  const dot = message.key.indexOf('.');
  if (dot < 0) return translateRuntimeKey(t, message.key, options);
  return translateRuntimeKey(t, `${message.key.slice(0, dot)}:${message.key.slice(dot + 1)}`, options);
}
