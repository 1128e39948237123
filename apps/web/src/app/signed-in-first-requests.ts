import { firstReadsOf, sessionRead } from '@careloop/contracts/first-reads';
import { keepDocumentAnswers, requestEarly } from '../lib/early-requests';

/**
 * What a signed-in page's first screen reads (@careloop/contracts/first-reads): the session, then the
 * user and the page's own data. The server usually wrote their answers into the document
 * (plugins/first-answers.ts): then nothing is asked here, and the shell and the page take those
 * answers when they ask (lib/early-requests.ts), with no API round trip before content. Otherwise
 * (a document without them, such as a cached one) they are asked for while the signed-in area's code
 * loads: the session, then, once it says someone is signed in, the user and the page's data side by
 * side. Nobody signed in: nothing more is asked, so a signed-out visit makes no request that answers
 * 401. Resolves once the session has answered and the rest is asked for.
 */
export function requestSignedInFirstData(pathname: string): Promise<void> {
  // An answer the document left out (a role's read that answered 403) is asked by its page as usual.
  if (keepDocumentAnswers()?.[sessionRead] !== undefined) return Promise.resolve();
  return requestEarly(sessionRead)
    .then((answer) => (answer.ok ? answer.clone().json() : null))
    .then((session: unknown) => {
      if (!session) return;
      for (const path of firstReadsOf(pathname)) requestEarly(path);
    })
    .catch(() => undefined);
}
