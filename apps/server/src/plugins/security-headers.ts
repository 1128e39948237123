import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** What the Security Hardening page's secure_headers check reads and its auto-fix switches on. */
export type SecurityHeadersControl = {
  /** The headers a page gets (helmet's), by lower-case name. */
  readonly policy: ReadonlyMap<string, string>;
  /** The headers an answer under /api/ gets (data, not a page to render), by lower-case name. */
  readonly apiPolicy: ReadonlyMap<string, string>;
  /** Whether answers that lost a policy header on the way (a handler removed it) get it back. */
  isRepairing(): boolean;
  /** Auto-fix: from now on, in this process, every answer carries every header of its policy. */
  startRepairing(): void;
};

/**
 * The API's own policy (OWASP REST Security Cheat Sheet, "Security Headers"): a JSON answer opened
 * as a document loads and runs nothing and cannot be framed, is never sniffed into HTML, is not read
 * by another origin's no-cors load, and names the same referrer policy and HSTS as the pages. The
 * page-only headers (opener policy, origin agent cluster, DNS prefetch, IE's download options,
 * Flash's cross-domain policies, the XSS auditor switch) mean nothing to data: six headers less on
 * every API answer, written and parsed on both sides of every request.
 */
function apiPolicyOf(page: ReadonlyMap<string, string>): Map<string, string> {
  const api = new Map([
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
  ]);
  for (const name of [
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'strict-transport-security',
  ]) {
    const value = page.get(name);
    if (value !== undefined) api.set(name, value);
  }
  return api;
}

const isApiPath = (url: string) => url.startsWith('/api/');

/**
 * Helmet's headers on every page, the API's policy on every answer under /api/: each policy is read
 * off helmet once and set with one `reply.headers` call (helmet's middleware per request wrote a dozen
 * headers one by one onto the raw response, each checked by Node). An answer under /api/ that turns
 * out to be a page (text/html: the newsletter confirmation, better-auth's error page) gets the page's
 * policy where its handler left the API's. The repair pass (auto-fix of secure_headers) puts back,
 * just before an answer leaves, any policy header something removed after it was set.
 */
export function registerSecurityHeaders(app: FastifyInstance, isTls: boolean): SecurityHeadersControl {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    hsts: isTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const policy = policyHeaders(setHeaders);
  const apiPolicy = apiPolicyOf(policy);
  const pageHeaders = Object.fromEntries(policy);
  const apiHeaders = Object.fromEntries(apiPolicy);
  const apiCsp = apiPolicy.get('content-security-policy');
  let isRepairing = false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : pageHeaders);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    let answerPolicy = policy;
    if (isApiPath(request.url)) {
      answerPolicy = apiPolicy;
      if (String(reply.getHeader('content-type')).startsWith('text/html')) {
        answerPolicy = policy;
        if (reply.getHeader('content-security-policy') === apiCsp)
          reply.header('content-security-policy', pageHeaders['content-security-policy']);
        for (const [name, value] of policy)
          if (!apiPolicy.has(name) && !reply.hasHeader(name)) reply.header(name, value);
      }
    }
    if (isRepairing) {
      for (const [name, value] of answerPolicy) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
  return {
    policy,
    apiPolicy,
    isRepairing: () => isRepairing,
    startRepairing: () => {
      isRepairing = true;
    },
  };
}

type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers helmet writes, read off a response that is never sent. */
function policyHeaders(setHeaders: HeaderMiddleware): Map<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  setHeaders(request, response, () => {});
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined)
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}
