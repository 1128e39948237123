import {
  contactIfAttribute,
  contactToken,
  type SiteContactKey,
  type SiteSettings,
  siteContactKeys,
  siteSettingsToken,
} from '@careloop/contracts/site-settings';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const openingWithContactIf = new RegExp(
  `<([a-z][a-z0-9]*)\\b[^>]*\\s${contactIfAttribute}="([^"]*)"[^>]*>`,
  'g',
);

/** Where the element opened at `start` ends (after its closing tag), counting nested ones of its name. */
function elementEnd(html: string, start: number, tag: string): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  throw new Error(`<${tag}> at ${start} is never closed`);
}

/**
 * A page of the web build with this deployment's settings written in: each element that shows
 * contacts (data-contact-if="sales support") is dropped when none of them is set, each contact token
 * becomes its value, and the settings go to the browser app as JSON, which then renders the same.
 */
export function withSiteSettings(html: string, settings: SiteSettings): string {
  const isSet = (key: string) => Boolean(settings.contacts[key as SiteContactKey]);
  let kept = '';
  let from = 0;
  openingWithContactIf.lastIndex = 0;
  for (let match = openingWithContactIf.exec(html); match; match = openingWithContactIf.exec(html)) {
    const [, tag = '', keys = ''] = match;
    if (keys.split(' ').some(isSet)) continue;
    const end = elementEnd(html, match.index, tag);
    kept += html.slice(from, match.index);
    from = end;
    openingWithContactIf.lastIndex = end;
  }
  let result = kept + html.slice(from);
  // JSON inside <script>: nothing in it may close the element.
  result = result.replace(siteSettingsToken, () => JSON.stringify(settings).replaceAll('<', '\\u003c'));
  for (const key of siteContactKeys) {
    result = result.replaceAll(contactToken(key), () => escapeHtml(settings.contacts[key] ?? ''));
  }
  return result;
}
