/**
 * What a signed-in page reads before it can show anything: the session, the signed-in user, and the
 * page's own first data (only what every member may read: a role's own reads, such as the managers'
 * onboarding progress, wait for the user). The server answers these inside the page's document when
 * it carries a session cookie (plugins/first-answers.ts); the browser asks for those it was not given
 * (app/signed-in-first-requests.ts). Paths are the web app's, without a language prefix.
 */
export const sessionRead = '/api/auth/get-session';
export const userRead = '/api/me';
/** The shell's own read on every page: the plan's usage, for the prompt to upgrade. */
const shellReads = [userRead, '/api/usage'];

const pageReads: Record<string, readonly string[]> = {
  '/dashboard': ['/api/dashboard/summary', '/api/analytics/patients-at-risk'],
};

/** A page's reads that some roles may not make (the managers' onboarding progress): 403 for the others. */
const pageRoleReads: Record<string, readonly string[]> = {
  '/dashboard': ['/api/onboarding'],
};

/** What every member's first screen of a signed-in page reads after the session: the shell's, then the page's. */
export function firstReadsOf(pathname: string): readonly string[] {
  return [...shellReads, ...(pageReads[pathname] ?? [])];
}

/**
 * What the server answers inside the page's document: the reads above and the page's role reads,
 * whose 403 it leaves out (asked by the browser, a staff member's dashboard would log a 403).
 */
export function documentReadsOf(pathname: string): readonly string[] {
  return [...firstReadsOf(pathname), ...(pageRoleReads[pathname] ?? [])];
}

/** The id of the document's `<script type="application/json">` that carries the answers, by path. */
export const firstAnswersElementId = 'careloop-first-answers';
