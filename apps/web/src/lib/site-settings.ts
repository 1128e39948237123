import {
  contactIfAttribute,
  contactToken,
  publicUrlToken,
  type SiteContactKey,
  type SiteContacts,
  type SiteSettings,
  siteContactKeys,
  siteSettingsElementId,
} from '@careloop/contracts/site-settings';

/**
 * Rendered where there is no page (the build's pre-rendering in Node): every contact as a token the
 * server writes its value into, or drops with its element when the deployer left it unset.
 */
const prerenderSettings: SiteSettings = {
  publicUrl: publicUrlToken,
  contacts: Object.fromEntries(siteContactKeys.map((key) => [key, contactToken(key)])),
};

function isSiteSettings(value: unknown): value is SiteSettings {
  if (typeof value !== 'object' || value === null) return false;
  const { publicUrl, contacts } = value as Record<string, unknown>;
  return typeof publicUrl === 'string' && typeof contacts === 'object' && contacts !== null;
}

/**
 * This deployment's address and public contacts, as the server wrote them into the page; a page
 * without them (the development server) shows no contact.
 */
export function siteSettings(): SiteSettings {
  if (typeof document === 'undefined') return prerenderSettings;
  const text = document.getElementById(siteSettingsElementId)?.textContent ?? '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (isSiteSettings(parsed)) return parsed;
  } catch {
    // Not filled in: the page did not come through the server.
  }
  return { publicUrl: window.location.origin, contacts: {} };
}

export const siteContacts = (): SiteContacts => siteSettings().contacts;

/**
 * Marks an element that shows these contacts: it is rendered only when one of them is set, and
 * the server drops it from the pre-rendered page on the same rule, so both render the same.
 */
export const contactIf = (...keys: SiteContactKey[]) => ({ [contactIfAttribute]: keys.join(' ') });
