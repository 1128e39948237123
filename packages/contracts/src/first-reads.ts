/**
 * What a signed-in page reads before it can show anything: the session, the signed-in user, and the
 * page's own first data (only what every member may read: a role's own reads, such as the managers'
 * onboarding progress, wait for the user). The server answers these inside the page's document when
 * it carries a session cookie (plugins/first-answers.ts); the browser asks for those it was not given
 * (app/signed-in-first-requests.ts). Paths are the web app's, without a language prefix.
 */
export const sessionRead = '/api/auth/get-session';
export const userRead = '/api/me';

const pageReads: Record<string, readonly string[]> = {
  '/dashboard': ['/api/dashboard/summary', '/api/analytics/patients-at-risk'],
};

/** The reads of a signed-in page's first screen after the session: the user, then the page's own. */
export function firstReadsOf(pathname: string): readonly string[] {
  return [userRead, ...(pageReads[pathname] ?? [])];
}

/** The id of the document's `<script type="application/json">` that carries the answers, by path. */
export const firstAnswersElementId = 'careloop-first-answers';
