import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Constant-time equality of two strings (false for different lengths, without leaking where). */
function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `sha256=<lowercase hex>` of HMAC-SHA256(app secret, the exact body bytes) (providers.md §3.5). */
export function signWhatsAppBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Checks `X-Hub-Signature-256` against the RAW body, before any JSON parsing, in constant time.
 * A missing header, another scheme or an empty secret is a failure.
 */
export function verifyWhatsAppSignature(
  rawBody: Buffer | string,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || appSecret === '' || !/^sha256=[0-9a-fA-F]{64}$/.test(value.trim())) return false;
  const expected = signWhatsAppBody(rawBody, appSecret);
  return safeEqual(`sha256=${value.trim().slice('sha256='.length).toLowerCase()}`, expected);
}

export type WhatsAppVerification = { ok: true; challenge: string } | { ok: false };

/**
 * The GET verification handshake (§3.5): `hub.mode=subscribe` and the verify token we set answer
 * 200 with the raw `hub.challenge`; anything else answers 403. `hub_mode` spellings are accepted too.
 */
export function checkWhatsAppVerification(
  query: Record<string, unknown>,
  verifyToken: string,
): WhatsAppVerification {
  const read = (name: string) => {
    const value = query[`hub.${name}`] ?? query[`hub_${name}`];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : '';
  };
  const mode = read('mode');
  const token = read('verify_token');
  const challenge = read('challenge');
  if (mode !== 'subscribe' || verifyToken === '' || challenge === '') return { ok: false };
  return safeEqual(token, verifyToken) ? { ok: true, challenge } : { ok: false };
}

type WhatsAppWebhookError = {
  code: number | null;
  title: string | null;
  message: string | null;
  details: string | null;
};

type WhatsAppInboundMessage = {
  kind: 'message';
  phoneNumberId: string;
  /** Provider id (`wamid...`): the dedup key. */
  messageId: string;
  /** The sender's wa_id (digits) and the same as E.164. */
  from: string;
  fromE164: string;
  profileName: string | null;
  receivedAt: Date;
  type: string;
  /** The text, or what the patient tapped (button text, interactive title); null for media and the like. */
  text: string | null;
  /** The message this one answers or quotes, when the patient replied to one. */
  replyToMessageId: string | null;
};

type WhatsAppStatusUpdate = {
  kind: 'status';
  phoneNumberId: string;
  /** The `wamid` returned when we sent. */
  messageId: string;
  status: string;
  at: Date;
  recipientId: string | null;
  callbackData: string | null;
  /** Present when `status` is `failed` (e.g. code 131047 or 131026). */
  errors: WhatsAppWebhookError[];
};

export type WhatsAppWebhookEvent = WhatsAppInboundMessage | WhatsAppStatusUpdate;

const errorSchema = z.looseObject({
  code: z.number().nullish(),
  title: z.string().nullish(),
  message: z.string().nullish(),
  error_data: z.looseObject({ details: z.string().nullish() }).nullish(),
});

const unixSeconds = z
  .string()
  .regex(/^\d+$/)
  .transform((s) => new Date(Number(s) * 1000));

const messageSchema = z.looseObject({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: unixSeconds,
  type: z.string(),
  text: z.looseObject({ body: z.string() }).nullish(),
  button: z.looseObject({ text: z.string().nullish(), payload: z.string().nullish() }).nullish(),
  interactive: z
    .looseObject({
      button_reply: z.looseObject({ title: z.string().nullish() }).nullish(),
      list_reply: z.looseObject({ title: z.string().nullish() }).nullish(),
    })
    .nullish(),
  context: z.looseObject({ id: z.string().nullish() }).nullish(),
});

const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  timestamp: unixSeconds,
  recipient_id: z.string().nullish(),
  biz_opaque_callback_data: z.string().nullish(),
  errors: z.array(errorSchema).nullish(),
});

const valueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string() }),
  contacts: z
    .array(
      z.looseObject({ wa_id: z.string().nullish(), profile: z.looseObject({ name: z.string() }).nullish() }),
    )
    .nullish(),
  messages: z.array(z.unknown()).nullish(),
  statuses: z.array(z.unknown()).nullish(),
});

const envelopeSchema = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })).default([]),
    }),
  ),
});

const toError = (e: z.infer<typeof errorSchema>): WhatsAppWebhookError => ({
  code: e.code ?? null,
  title: e.title ?? null,
  message: e.message ?? null,
  details: e.error_data?.details ?? null,
});

export type ParsedWhatsAppWebhook = {
  events: WhatsAppWebhookEvent[];
  /** Items that did not read as a message or a status (kept out of `events`, counted for logs). */
  skipped: number;
};

/**
 * Reads a notification (already signature-checked) into typed events: every `entry[]`, every
 * `changes[]` (batches carry up to 1000), inbound messages and status updates. An unreadable item is
 * skipped, never the whole batch; a body that is not a WhatsApp envelope gives no events.
 */
export function parseWhatsAppWebhook(body: unknown): ParsedWhatsAppWebhook {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success || envelope.data.object !== 'whatsapp_business_account') {
    return { events: [], skipped: envelope.success ? 1 : 0 };
  }
  const events: WhatsAppWebhookEvent[] = [];
  let skipped = 0;
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const value = valueSchema.safeParse(change.value);
      if (!value.success) {
        skipped += 1;
        continue;
      }
      const phoneNumberId = value.data.metadata.phone_number_id;
      const names = new Map<string, string>();
      for (const contact of value.data.contacts ?? []) {
        if (contact.wa_id && contact.profile?.name) names.set(contact.wa_id, contact.profile.name);
      }
      for (const item of value.data.messages ?? []) {
        const message = messageSchema.safeParse(item);
        if (!message.success) {
          skipped += 1;
          continue;
        }
        const m = message.data;
        const text =
          m.text?.body ??
          m.button?.text ??
          m.interactive?.button_reply?.title ??
          m.interactive?.list_reply?.title ??
          null;
        events.push({
          kind: 'message',
          phoneNumberId,
          messageId: m.id,
          from: m.from.replace(/^\+/, ''),
          fromE164: `+${m.from.replace(/^\+/, '')}`,
          profileName: names.get(m.from) ?? null,
          receivedAt: m.timestamp,
          type: m.type,
          text,
          replyToMessageId: m.context?.id ?? null,
        });
      }
      for (const item of value.data.statuses ?? []) {
        const status = statusSchema.safeParse(item);
        if (!status.success) {
          skipped += 1;
          continue;
        }
        const s = status.data;
        events.push({
          kind: 'status',
          phoneNumberId,
          messageId: s.id,
          status: s.status,
          at: s.timestamp,
          recipientId: s.recipient_id ?? null,
          callbackData: s.biz_opaque_callback_data ?? null,
          errors: (s.errors ?? []).map(toError),
        });
      }
    }
  }
  return { events, skipped };
}

const statusOrder: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * Statuses arrive out of order (§3.5): keep the furthest. `failed` ends a message; an unknown status
 * never replaces a known one.
 */
export function isFurtherWhatsAppStatus(current: string | null, next: string): boolean {
  const nextRank = statusOrder[next] ?? 0;
  if (current === null) return true;
  return nextRank > (statusOrder[current] ?? 0);
}
