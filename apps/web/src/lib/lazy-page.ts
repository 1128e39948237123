import { type ComponentType, lazy } from 'react';
import { i18n } from '../i18n';

/** What React.lazy takes: a module whose default export is the component. */
export type PageModule = { default: ComponentType };

/** Loads a page's code and its translations in parallel, so they do not wait for each other. */
export function withNamespaces<T>(namespaces: string[], load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module);
}

/** The loader of the component exported as `name` by a chunk, loaded with its translations. */
export function loadPage<K extends string>(
  namespaces: string[],
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): () => Promise<PageModule> {
  return () => withNamespaces(namespaces, load).then((module) => ({ default: module[name] }));
}

/** A page in a chunk of its own, loaded with its translations when first shown. */
export function lazyPage<K extends string>(
  namespaces: string[],
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
) {
  return lazy(loadPage(namespaces, load, name));
}
