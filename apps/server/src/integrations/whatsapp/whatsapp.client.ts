import { z } from 'zod';
import {
  ProviderError,
  type ProviderErrorDescriber,
  type ProviderErrorKind,
  type ProviderHttp,
} from '../http/provider-http';

/**
 * Graph API errors: `{"error":{"message","type","code","error_data":{"details"}}}` (providers.md §3.3).
 * The reason is the message, with `error_data.details` after it when Meta sent them.
 */
export const describeWhatsAppError: ProviderErrorDescriber = (body) => {
  const parsed = z
    .object({
      error: z.object({
        message: z.string().optional(),
        code: z.number().optional(),
        error_data: z.object({ details: z.string().optional() }).nullish(),
      }),
    })
    .safeParse(body);
  if (!parsed.success) return null;
  const { code, message, error_data } = parsed.data.error;
  const details = error_data?.details;
  const reason = message && details && !message.includes(details) ? `${message}: ${details}` : message;
  return { code: code === undefined ? null : String(code), reason: reason ?? details ?? null };
};

/** WhatsApp error codes a service branches on (§3.3): branch on the code, never on the HTTP status. */
export const whatsAppErrorCodes = {
  authException: '0',
  tokenInvalid: '190',
  invalidParameter: '100',
  undeliverable: '131026',
  reEngagementRequired: '131047',
  templateParameterMismatch: '132000',
  templateNotFound: '132001',
} as const;

/** Codes that mean "later", whatever HTTP status carried them (§3.3: 4, 80007, 130429, 131048, 131056). */
const rateLimitCodes = new Set(['4', '80007', '130429', '131048', '131049', '131056']);
const authCodes = new Set(['0', '190']);

/** Re-kinds a Graph failure by its code, so a throughput limit sent as a 400 reads as rate limited. */
function byGraphCode(error: unknown): unknown {
  if (!(error instanceof ProviderError) || error.providerCode === null) return error;
  let kind: ProviderErrorKind = error.kind;
  if (rateLimitCodes.has(error.providerCode)) kind = 'rate_limited';
  else if (authCodes.has(error.providerCode)) kind = 'unauthorized';
  if (kind === error.kind) return error;
  return new ProviderError(
    error.provider,
    kind,
    error.message,
    error.status,
    error.providerCode,
    error.providerReason,
    error.retryAfterMs,
  );
}

const sendResponseSchema = z.object({
  contacts: z.array(z.object({ input: z.string().optional(), wa_id: z.string().optional() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});

export type WhatsAppSendResult = {
  /** The `wamid` that status webhooks refer to. */
  messageId: string;
  waId: string | null;
  /** `accepted` and the like, when the API version sends it (§3.2, unconfirmed). */
  messageStatus: string | null;
};

type WhatsAppTemplateParameter =
  | { type: 'text'; text: string }
  | { type: 'currency'; currency: { fallback_value: string; code: string; amount_1000: number } }
  | { type: 'date_time'; date_time: { fallback_value: string } }
  | { type: 'image'; image: { link: string } };

export type WhatsAppTemplateComponent =
  | { type: 'header' | 'body'; parameters: WhatsAppTemplateParameter[] }
  | {
      type: 'button';
      sub_type: 'url' | 'quick_reply';
      index: string;
      parameters: WhatsAppTemplateParameter[];
    };

type SendBase = {
  accessToken: string;
  phoneNumberId: string;
  /** E.164 (`+16505551234`) or digits. */
  to: string;
  /** Echoed back in status webhooks as `biz_opaque_callback_data` (e.g. our message id). */
  callbackData?: string;
};

const phoneNumberSchema = z.object({
  id: z.string(),
  display_phone_number: z.string().nullish(),
  verified_name: z.string().nullish(),
  quality_rating: z.string().nullish(),
});

export type WhatsAppPhoneNumber = {
  id: string;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  qualityRating: string | null;
};

export type WhatsAppClientConfig = {
  /** e.g. https://graph.facebook.com (WHATSAPP_API_URL). */
  baseUrl: string;
  /** Graph API version, e.g. v21.0 (WHATSAPP_API_VERSION). */
  version: string;
  http: ProviderHttp;
};

const phoneNumberFields = 'id,display_phone_number,verified_name,quality_rating,code_verification_status';

/** WhatsApp Business Cloud API (providers.md §3): HTTP and mapping only. */
export function createWhatsAppClient(config: WhatsAppClientConfig) {
  const base = `${config.baseUrl.replace(/\/+$/, '')}/${config.version}`;

  return {
    /** The cheap token and number check (§3.6): sends nothing to anybody. */
    async getPhoneNumber(input: {
      accessToken: string;
      phoneNumberId: string;
    }): Promise<WhatsAppPhoneNumber> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/${encodeURIComponent(input.phoneNumberId)}`,
        headers: { authorization: `Bearer ${input.accessToken}` },
        query: { fields: phoneNumberFields },
      });
      const parsed = phoneNumberSchema.safeParse(response.body);
      if (!parsed.success) {
        throw new ProviderError('whatsapp', 'invalid_response', 'WhatsApp sent an unreadable phone number');
      }
      return {
        id: parsed.data.id,
        displayPhoneNumber: parsed.data.display_phone_number ?? null,
        verifiedName: parsed.data.verified_name ?? null,
        qualityRating: parsed.data.quality_rating ?? null,
      };
    },

    /**
     * A free-form text (§3.2). Only inside the 24-hour window: outside it Meta answers 131047
     * (`whatsAppErrorCodes.reEngagementRequired`), and a template must be sent instead.
     */
    sendText(
      input: SendBase & { body: string; previewUrl?: boolean; replyToMessageId?: string },
    ): Promise<WhatsAppSendResult> {
      return send(input, {
        type: 'text',
        text: { body: input.body, preview_url: input.previewUrl ?? false },
        ...(input.replyToMessageId ? { context: { message_id: input.replyToMessageId } } : {}),
      });
    },

    /** An approved template (§3.2): the only kind allowed outside the 24-hour window. */
    sendTemplate(
      input: SendBase & { name: string; languageCode: string; components?: WhatsAppTemplateComponent[] },
    ): Promise<WhatsAppSendResult> {
      return send(input, {
        type: 'template',
        template: {
          name: input.name,
          language: { code: input.languageCode },
          ...(input.components && input.components.length > 0 ? { components: input.components } : {}),
        },
      });
    },
  };

  async function send(input: SendBase, message: Record<string, unknown>): Promise<WhatsAppSendResult> {
    const response = await config.http
      .request({
        method: 'POST',
        url: `${base}/${encodeURIComponent(input.phoneNumberId)}/messages`,
        headers: { authorization: `Bearer ${input.accessToken}` },
        json: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: input.to,
          ...message,
          ...(input.callbackData ? { biz_opaque_callback_data: input.callbackData } : {}),
        },
        // A 429/5xx means Meta issued no wamid: repeating it cannot send twice.
        retryAnswersOnly: true,
      })
      .catch((error: unknown) => {
        throw byGraphCode(error);
      });
    const parsed = sendResponseSchema.safeParse(response.body);
    if (!parsed.success) {
      throw new ProviderError('whatsapp', 'invalid_response', 'WhatsApp sent an unreadable send result');
    }
    const first = parsed.data.messages[0] as { id: string; message_status?: string };
    return {
      messageId: first.id,
      waId: parsed.data.contacts?.[0]?.wa_id ?? null,
      messageStatus: first.message_status ?? null,
    };
  }
}
