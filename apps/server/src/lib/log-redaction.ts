// What reaches a log line: statement errors without their parameters (patients' names, e-mails,
// phones, comments) and request URLs without the tokens that e-mail links and webhooks carry.

/**
 * Query keys whose values open an account or prove a caller (verification, reset, invitation,
 * webhook handshakes), or name a patient (list searches).
 */
const secretQueryKey = /token|invitation|code|secret|signature|password|key|search|^q$|email|phone|name/i;

/** Paths whose last segment is a token: invitation preview and better-auth's reset link. */
const tokenPaths = [/^(\/api\/invitations\/)[^/?#]+/, /^(\/api\/auth\/reset-password\/)[^/?#]+/];

const redacted = '[redacted]';

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of tokenPaths) path = path.replace(pattern, `$1${redacted}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      if (equalsAt === -1) return pair;
      const key = pair.slice(0, equalsAt);
      return secretQueryKey.test(safeDecode(key)) ? `${key}=${redacted}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type ErrorLike = Error & Record<string, unknown>;

/** Drizzle's "Failed query: <sql>\nparams: <values>" keeps the SQL; the driver's value echoes go. */
function safeMessage(message: string) {
  return message
    .replace(/\nparams: [\s\S]*$/, '')
    .replace(/^(invalid input (?:syntax|value) for [^:]*): [\s\S]*$/, `$1: ${redacted}`);
}

/**
 * The `err` serializer: type, message, code, SQL text, constraint and stack, and the same for its
 * cause; never the statement's parameters nor the driver's `detail` ("Key (email)=(…)", "Failing row
 * contains (…)"), which hold the values.
 */
function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const err = error as ErrorLike;
  const message = safeMessage(err.message);
  const pick = (key: string) => (typeof err[key] === 'string' ? (err[key] as string) : undefined);
  return {
    type: err.constructor?.name ?? 'Error',
    message,
    code: pick('code'),
    query: pick('query'),
    table: pick('table'),
    constraint: pick('constraint'),
    stack: err.stack?.replace(err.message, message),
    cause: err.cause !== undefined && depth < 3 ? serializeError(err.cause, depth + 1) : undefined,
  };
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string };

export const logSerializers = {
  err: (error: unknown) => serializeError(error),
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};
