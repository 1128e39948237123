import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Webhook parameters (query, form or JSON), first value per name. */
export type VonageParams = Record<string, string | readonly string[] | undefined>;

const flatten = (params: VonageParams): Record<string, string> => {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const first = typeof value === 'string' ? value : value?.[0];
    if (first !== undefined) flat[name] = String(first);
  }
  return flat;
};

export const vonageSignatureMethods = ['md5hash', 'md5', 'sha1', 'sha256', 'sha512'] as const;
export type VonageSignatureMethod = (typeof vonageSignatureMethods)[number];

/**
 * The `sig` of a signed Vonage request or webhook (providers.md §5.1; the string-building rules
 * are [U] there, these are the official SDKs'): every parameter but `sig`, sorted by name, as
 * `&name=value` with `&` and `=` in values replaced by `_`; `md5hash` appends the signature secret
 * and takes MD5, the others are HMACs keyed with it. Lowercase hex.
 */
export function computeVonageSignature(
  params: VonageParams,
  signatureSecret: string,
  method: VonageSignatureMethod = 'md5hash',
): string {
  const flat = flatten(params);
  let data = '';
  for (const name of Object.keys(flat).sort()) {
    if (name === 'sig') continue;
    data += `&${name}=${(flat[name] as string).replace(/[&=]/g, '_')}`;
  }
  if (method === 'md5hash')
    return createHash('md5')
      .update(data + signatureSecret, 'utf8')
      .digest('hex');
  return createHmac(method, signatureSecret).update(data, 'utf8').digest('hex');
}

/**
 * Checks a signed webhook: `sig` must match (constant time, any hex case) and `timestamp` (unix
 * seconds) must be within `toleranceSeconds` of now, so a captured request cannot be replayed later.
 */
export function verifyVonageSignature(
  params: VonageParams,
  signatureSecret: string,
  options: { method?: VonageSignatureMethod; now?: Date; toleranceSeconds?: number } = {},
): boolean {
  const flat = flatten(params);
  const sig = flat.sig;
  const timestamp = Number(flat.timestamp);
  if (!sig || signatureSecret === '' || !Number.isFinite(timestamp)) return false;
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = computeVonageSignature(flat, signatureSecret, options.method ?? 'md5hash');
  const given = Buffer.from(sig.toLowerCase(), 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

type VonageInboundMessage = {
  kind: 'message';
  /** The dedup key. */
  messageId: string;
  /** The patient's number, E.164. */
  from: string;
  /** Our virtual number. */
  to: string;
  text: string;
  type: string;
  keyword: string | null;
  receivedAt: Date | null;
  /** Set on the parts of a long message: join parts with the same `ref` in `part` order. */
  concat: { ref: string; total: number; part: number } | null;
};

type VonageDeliveryReceipt = {
  kind: 'status';
  messageId: string;
  /** The recipient, E.164. */
  to: string;
  /** `delivered`, `expired`, `failed`, `rejected`, `accepted`, `buffered`, `unknown`. */
  status: string;
  /** `0` is no error; `9` means the recipient opted out. */
  errorCode: string | null;
  clientRef: string | null;
  at: Date | null;
};

export type VonageWebhookEvent = VonageInboundMessage | VonageDeliveryReceipt;

/** DLR `err-code` for a recipient who opted out (§5.1). */
export const vonageOptedOutErrorCode = '9';

const e164 = (msisdn: string) => `+${msisdn.replace(/^\+/, '')}`;

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
function parseVonageTimestamp(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value.replace(' ', 'T')}Z`);
  return Number.isFinite(time) ? new Date(time) : null;
}

/** `scts`: `YYMMDDHHMM` in UTC. */
function parseScts(value: string | undefined): Date | null {
  const m = value ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value) : null;
  if (!m) return null;
  const [, yy, mo, dd, hh, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(2000 + yy, mo - 1, dd, hh, mi));
}

const inboundSchema = z.object({
  msisdn: z.string().regex(/^\+?\d{6,15}$/),
  to: z.string().min(1),
  messageId: z.string().min(1),
  text: z.string().default(''),
  type: z.string().default('text'),
  keyword: z.string().optional(),
  'message-timestamp': z.string().optional(),
  concat: z.string().optional(),
  'concat-ref': z.string().optional(),
  'concat-total': z.string().optional(),
  'concat-part': z.string().optional(),
});
const dlrSchema = z.object({
  msisdn: z.string().regex(/^\+?\d{6,15}$/),
  messageId: z.string().min(1),
  status: z.string().min(1),
  'err-code': z.string().optional(),
  'client-ref': z.string().optional(),
  scts: z.string().optional(),
  'message-timestamp': z.string().optional(),
});

/**
 * Reads an inbound SMS or a delivery receipt (GET query, form or JSON); null when it is neither.
 * A receipt carries `status`; an inbound message does not.
 */
export function parseVonageWebhook(params: VonageParams): VonageWebhookEvent | null {
  const flat = flatten(params);
  if (flat.status !== undefined) {
    const parsed = dlrSchema.safeParse(flat);
    if (!parsed.success) return null;
    const p = parsed.data;
    return {
      kind: 'status',
      messageId: p.messageId,
      to: e164(p.msisdn),
      status: p.status,
      errorCode: p['err-code'] ?? null,
      clientRef: p['client-ref'] ?? null,
      at: parseScts(p.scts) ?? parseVonageTimestamp(p['message-timestamp']),
    };
  }
  const parsed = inboundSchema.safeParse(flat);
  if (!parsed.success) return null;
  const p = parsed.data;
  const isConcat = p.concat === 'true' && p['concat-ref'] !== undefined;
  return {
    kind: 'message',
    messageId: p.messageId,
    from: e164(p.msisdn),
    to: p.to,
    text: p.text,
    type: p.type,
    keyword: p.keyword ?? null,
    receivedAt: parseVonageTimestamp(p['message-timestamp']),
    concat: isConcat
      ? { ref: p['concat-ref'] as string, total: Number(p['concat-total']), part: Number(p['concat-part']) }
      : null,
  };
}
