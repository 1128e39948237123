import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 with node:crypto only (providers.md §5.2 "SigV4 in brief"; the test
 * vector in §9.3 is AWS's documented IAM example).
 */

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, upper-case hex. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `YYYYMMDDTHHMMSSZ`. */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Query pairs sorted by name then value, each encoded (the raw query string is decoded first). */
function canonicalQueryString(query: string): string {
  const pairs = [...new URLSearchParams(query)].map(([k, v]) => [uriEncode(k), uriEncode(v)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** Each path segment encoded once (as for every service but S3); an empty path is `/`. */
function canonicalUri(pathname: string): string {
  if (pathname === '') return '/';
  return pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

export type CanonicalRequestInput = {
  method: string;
  pathname: string;
  query: string;
  /** Header names (any case) and values: exactly the signed ones. */
  headers: Record<string, string>;
  payloadHash: string;
};

export function canonicalRequest(input: CanonicalRequestInput): { text: string; signedHeaders: string } {
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const text = [
    input.method.toUpperCase(),
    canonicalUri(input.pathname),
    canonicalQueryString(input.query),
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, day);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

/** The signature of a canonical request at `amzDate` in `region`/`service`. */
export function sigV4Signature(input: {
  canonicalRequest: string;
  amzDate: string;
  region: string;
  service: string;
  secretAccessKey: string;
}): string {
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(input.canonicalRequest)].join(
    '\n',
  );
  return createHmac('sha256', signingKey(input.secretAccessKey, day, input.region, input.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
}

/**
 * The headers that sign one request: `host`, `x-amz-date` (and `x-amz-security-token` for
 * temporary credentials) are signed, plus any `extraHeaders` given. The body must be sent byte
 * for byte as given here.
 */
export function signRequest(input: {
  method: string;
  url: string;
  body: string;
  region: string;
  service: string;
  credentials: SigV4Credentials;
  now?: Date;
  extraHeaders?: Record<string, string>;
}): Record<string, string> {
  const url = new URL(input.url);
  const date = amzDate(input.now ?? new Date());
  const signed: Record<string, string> = {
    host: url.host,
    'x-amz-date': date,
    ...(input.credentials.sessionToken ? { 'x-amz-security-token': input.credentials.sessionToken } : {}),
    ...input.extraHeaders,
  };
  const canonical = canonicalRequest({
    method: input.method,
    pathname: url.pathname,
    query: url.search.slice(1),
    headers: signed,
    payloadHash: sha256Hex(input.body),
  });
  const signature = sigV4Signature({
    canonicalRequest: canonical.text,
    amzDate: date,
    region: input.region,
    service: input.service,
    secretAccessKey: input.credentials.secretAccessKey,
  });
  const scope = `${date.slice(0, 8)}/${input.region}/${input.service}/aws4_request`;
  const { host: _host, ...sent } = signed;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${canonical.signedHeaders}, Signature=${signature}`,
  };
}

export type ParsedAuthorization = {
  accessKeyId: string;
  day: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
};

/** Reads an `Authorization: AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...` header. */
export function parseSigV4Authorization(header: string | undefined): ParsedAuthorization | null {
  const match =
    /^AWS4-HMAC-SHA256\s+Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/([^/\s,]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header?.trim() ?? '',
    );
  if (!match) return null;
  const [, accessKeyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  return {
    accessKeyId: accessKeyId as string,
    day: day as string,
    region: region as string,
    service: service as string,
    signedHeaders: (signedHeaders as string).split(';'),
    signature: signature as string,
  };
}
