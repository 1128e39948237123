import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** What the Security Hardening page's secure_headers check reads and its auto-fix switches on. */
export type SecurityHeadersControl = {
  /** The headers the policy sets, by lower-case name, as helmet writes them. */
  readonly policy: ReadonlyMap<string, string>;
  /** Whether answers that lost a policy header on the way (a handler removed it) get it back. */
  isRepairing(): boolean;
  /** Auto-fix: from now on, in this process, every answer carries every policy header. */
  startRepairing(): void;
};

/**
 * Helmet's headers on every answer. The middleware is built once here: @fastify/helmet builds it
 * anew for every request (two async hooks and the CSP parsed each time, ~2 % of a list request).
 * The repair pass (auto-fix of secure_headers) puts back, just before an answer leaves, any policy
 * header something removed after helmet set it.
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
  let isRepairing = false;
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isRepairing) {
      for (const [name, value] of policy) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
  return {
    policy,
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
