import type { DomainMessage } from '@careloop/domain/domain-message';

/** Keys whose message is the server's own text, shown as it came. */
const passThroughKeys = new Set(['auth.errors.server']);

/**
 * Turns a domain message key (`<namespace>.<path>`, e.g. `auth.errors.invalidCredentials`) into
 * the translated text; server text passes through unchanged.
 */
export function translateDomainMessage(t: (key: string) => string, message: DomainMessage): string {
  if (passThroughKeys.has(message.key)) return message.message;
  const dot = message.key.indexOf('.');
  if (dot < 0) return t(message.key);
  return t(`${message.key.slice(0, dot)}:${message.key.slice(dot + 1)}`);
}
