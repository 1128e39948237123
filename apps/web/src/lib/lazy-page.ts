import { i18n } from '../i18n';

/** Loads a page's code and its translations in parallel, so they do not wait for each other. */
export function withNamespaces<T>(namespaces: string[], load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module);
}
