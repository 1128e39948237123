import { requestEarly } from '../lib/early-requests';
import { paths } from '../lib/routes';

/**
 * What a signed-in page shows first, beside the signed-in user the shell needs: what every member
 * may read (a role's own reads, such as the managers' onboarding progress, wait for the user).
 */
const firstDataOf: Record<string, string[]> = {
  [paths.dashboard]: ['/api/dashboard/summary', '/api/analytics/patients-at-risk'],
};

/**
 * Asks, while the signed-in area's code loads, for what its first screen reads: the session, then
 * (once it says someone is signed in) the user and the page's own data, side by side. The shell and
 * the page take these answers when they ask (lib/early-requests.ts) instead of asking one after
 * another once their code has run: session, user, then the page's data (three round trips before
 * content) become two. Nobody signed in: nothing more is asked, so a signed-out visit makes no
 * request that answers 401. Resolves once the session has answered and the rest is asked for.
 */
export function requestSignedInFirstData(pathname: string): Promise<void> {
  return requestEarly('/api/auth/get-session')
    .then((answer) => (answer.ok ? answer.clone().json() : null))
    .then((session: unknown) => {
      if (!session) return;
      for (const path of ['/api/me', ...(firstDataOf[pathname] ?? [])]) requestEarly(path);
    })
    .catch(() => undefined);
}
