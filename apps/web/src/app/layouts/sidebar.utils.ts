/** Shell constants from the specification. */
const sidebarCookieName = 'sidebar_state';
export const sidebarCookieMaxAgeSeconds = 60 * 60 * 24 * 7; // 7 days = 604800
export const sidebarWidth = { expanded: '16rem', mobile: '18rem', collapsed: '3rem' } as const;
/** Below this width (768px) the sidebar is a slide-over drawer. */
export const mobileMediaQuery = '(max-width: 47.99em)';

/** The sidebar's saved open state from a `document.cookie` string; undefined when none was saved. */
export function readSidebarState(cookieHeader: string): boolean | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (name !== sidebarCookieName) continue;
    const value = part.slice(separator + 1).trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    return undefined;
  }
  return undefined;
}

/** The `document.cookie` assignment that keeps the open state for 7 days. */
export function serializeSidebarState(isOpen: boolean): string {
  return `${sidebarCookieName}=${isOpen}; path=/; max-age=${sidebarCookieMaxAgeSeconds}; SameSite=Lax`;
}

/** Ctrl+B or Cmd+B, whatever the platform, without Shift or Alt. */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'b'
  );
}

/** Saves the open state (7 days). A plain cookie: the Cookie Store API is missing in Firefox. */
export function writeSidebarState(isOpen: boolean, target: Pick<Document, 'cookie'> = document): void {
  target.cookie = serializeSidebarState(isOpen);
}
