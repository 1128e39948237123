/**
 * A user-facing message in two forms: a stable i18n key the web app translates, and the
 * specification's English wording for logs, the server and the default locale.
 */
export type DomainMessage<Key extends string = string> = {
  readonly key: Key;
  readonly message: string;
};
