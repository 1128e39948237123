import { useEffect } from 'react';

const siteName = 'CareLoop';

export type PageMeta = { title: string; description: string; type?: 'article' };

/** 'Pricing' -> 'Pricing | CareLoop' (the tab title); no title -> 'CareLoop'. */
export const fullTitleOf = (title: string) => (title ? `${title} | ${siteName}` : siteName);

// The build's pre-rendering has no document: the page rendered last leaves its meta here, so the
// written HTML carries the same title and description the page sets in the browser.
let renderedMeta: PageMeta | undefined;

/** The meta of the page rendered on the server since the last call (the pre-rendering reads it). */
export function takeRenderedPageMeta(): PageMeta | undefined {
  const meta = renderedMeta;
  renderedMeta = undefined;
  return meta;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Sets the tab title, the meta description and their Open Graph twins for the page shown. */
export function usePageMeta(title: string, description: string, options?: { type: 'article' }) {
  if (typeof document === 'undefined')
    renderedMeta = { title: fullTitleOf(title), description, ...(options ? { type: options.type } : {}) };
  const type = options?.type ?? 'website';
  useEffect(() => {
    const fullTitle = fullTitleOf(title);
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', window.location.href);
    setMeta('property', 'og:type', type);
  }, [title, description, type]);
}
