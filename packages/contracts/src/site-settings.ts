/**
 * The company's public contacts, each set by the deployer (the server's settings) or absent: a page
 * shows only those that are set.
 */
export const siteContactKeys = [
  'hello',
  'support',
  'sales',
  'privacy',
  'security',
  'compliance',
  'careers',
  'partnerships',
  /** The phone as it is read (+1 555-010-0199), and as a tel: link takes it (+15550100199). */
  'phone',
  'phoneTel',
  'linkedin',
  'x',
  'address',
] as const;

export type SiteContactKey = (typeof siteContactKeys)[number];
export type SiteContacts = Partial<Record<SiteContactKey, string>>;

/** What every HTML page the server sends carries for the browser app: its address and contacts. */
export type SiteSettings = { publicUrl: string; contacts: SiteContacts };

/**
 * The web build cannot know the deployer's settings: the pages it pre-renders carry these tokens,
 * which the server replaces when it loads them (and removes what names an unset contact).
 */
export const siteSettingsToken = '%SITE_SETTINGS%';
export const publicUrlToken = '%PUBLIC_URL%';
export const contactToken = (key: SiteContactKey) => `%CONTACT_${key}%`;
/** The attribute on an element that shows one or more contacts: removed with it when none is set. */
export const contactIfAttribute = 'data-contact-if';
/** The id of the JSON script element holding the SiteSettings. */
export const siteSettingsElementId = 'site-settings';
