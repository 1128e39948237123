import type { Namespace, TFunction } from 'i18next';

/**
 * Translates a key known only at run time (a domain or server message key), which the compiler
 * cannot check against the English texts. A missing key shows as i18next shows one: the key
 * without its namespace.
 */
export function translateRuntimeKey(
  t: TFunction<Namespace>,
  key: string,
  options: Record<string, unknown> = {},
): string {
  const separator = key.indexOf(':');
  return t(key, { ...options, defaultValue: separator < 0 ? key : key.slice(separator + 1) });
}

/**
 * The translation key a typed map gives a value that arrives at run time (a server's field or
 * level name), or undefined for a value the map does not know.
 */
export function keyFor<Key extends string>(
  keys: Readonly<Record<string, Key>>,
  name: string,
): Key | undefined {
  return Object.hasOwn(keys, name) ? keys[name] : undefined;
}
