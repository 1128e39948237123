import { documentReadsOf, firstAnswersElementId, sessionRead } from '@careloop/contracts/first-reads';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the document carries: each read's answer by path, and the cookies those answers set. */
export type FirstAnswers = { answers: Record<string, unknown>; setCookies: string[] };

/** The request headers an inner read needs to be the visitor's own read: who, in which language, to which host. */
const forwardedHeaders = ['cookie', 'user-agent', 'accept-language', 'host'] as const;

/**
 * The answers to a signed-in page's first reads (@careloop/contracts/first-reads), asked of this
 * app through its whole request pipeline with the visitor's own cookie: access, tenancy and roles
 * decide each answer exactly as they would for the browser's own request, and only a 200 is kept
 * (the browser asks for the others itself). The session first: when it says nobody is signed in, the
 * document says so and nothing else is asked. Cookies an answer sets (better-auth refreshing the
 * session) go out with the document.
 */
export async function readFirstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<FirstAnswers> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const setCookies: string[] = [];
  const read = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    const cookies = answer.headers['set-cookie'];
    if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
    return answer.statusCode === 200 ? { body: answer.json() as unknown } : null;
  };
  const session = await read(sessionRead);
  if (!session) return { answers: {}, setCookies };
  const answers: Record<string, unknown> = { [sessionRead]: session.body };
  if (session.body === null) return { answers, setCookies };
  const reads = documentReadsOf(pathname);
  const results = await Promise.all(reads.map(read));
  reads.forEach((url, i) => {
    const result = results[i];
    if (result) answers[url] = result.body;
  });
  return { answers, setCookies };
}

/**
 * The answers as a data block for the document's head: never run (type application/json, so the CSP
 * has nothing to allow), and no `<` inside, so no text in an answer can close the element.
 */
export function firstAnswersElement(answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${firstAnswersElementId}">${json}</script>`;
}
