import { z } from 'zod';
import {
  ProviderError,
  type ProviderErrorDescriber,
  type ProviderErrorKind,
  type ProviderHttp,
} from '../http/provider-http';

/** Vonage's per-message status codes (providers.md §5.1): `"0"` is the only success. */
export const vonageStatusCodes = {
  success: '0',
  throttled: '1',
  missingParameters: '2',
  invalidParameters: '3',
  invalidCredentials: '4',
  internalError: '5',
  invalidMessage: '6',
  numberBarred: '7',
  partnerQuotaViolation: '9',
  messageTooLong: '12',
  invalidSignature: '14',
  invalidSenderAddress: '15',
} as const;

const kindByStatus: Record<string, ProviderErrorKind> = {
  '1': 'rate_limited',
  '4': 'unauthorized',
  '5': 'unavailable',
  '8': 'forbidden',
  '9': 'forbidden',
  '11': 'forbidden',
  '14': 'unauthorized',
};

/** Non-2xx answers (rare: Vonage answers 200 with a status per message) in either known shape. */
export const describeVonageError: ProviderErrorDescriber = (body) => {
  const parsed = z
    .object({
      'error-code': z.union([z.string(), z.number()]).optional(),
      'error-code-label': z.string().optional(),
      title: z.string().optional(),
      detail: z.string().optional(),
    })
    .safeParse(body);
  if (!parsed.success) return null;
  const code = parsed.data['error-code'];
  const reason = parsed.data['error-code-label'] ?? parsed.data.detail ?? parsed.data.title ?? null;
  if (code === undefined && reason === null) return null;
  return { code: code === undefined ? null : String(code), reason };
};

const sendSchema = z.object({
  'message-count': z.string(),
  messages: z
    .array(
      z.object({
        status: z.string(),
        'message-id': z.string().optional(),
        to: z.string().optional(),
        'remaining-balance': z.string().optional(),
        'message-price': z.string().optional(),
        network: z.string().optional(),
        'client-ref': z.string().optional(),
        'error-text': z.string().optional(),
      }),
    )
    .min(1),
});

export type VonageSendResult = {
  /** One id per part: a long text is split (`message-count` > 1). DLRs carry these ids. */
  messageIds: string[];
  messageCount: number;
  /** EUR, the sum over the parts (null when Vonage sent no price). */
  price: number | null;
  remainingBalance: number | null;
  network: string | null;
};

const balanceSchema = z.object({ value: z.number(), autoReload: z.boolean().optional() });

export type VonageClientConfig = {
  /** e.g. https://rest.nexmo.com (VONAGE_API_URL). */
  baseUrl: string;
  http: ProviderHttp;
};

/** GSM 03.38 basic set and its extension: anything else needs `type=unicode`. */
const gsm7 = /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅå_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;
export const isGsm7 = (text: string) => gsm7.test(text);

const numberOrNull = (value: string | undefined) => {
  const n = Number(value);
  return value === undefined || value === '' || !Number.isFinite(n) ? null : n;
};

/** Vonage SMS API, the legacy one (providers.md §5.1): HTTP and mapping only. */
export function createVonageClient(config: VonageClientConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');

  return {
    /**
     * Sends an SMS: form-encoded with `api_key`/`api_secret`, `type=unicode` when the text needs it.
     * Vonage answers 200 even for errors; any part whose status is not "0" fails the send with
     * that status as the provider code (e.g. "4" bad credentials, "1" throttled, "9" no credit).
     */
    async sendSms(input: {
      apiKey: string;
      apiSecret: string;
      /** Sender id (alphanumeric) or number. */
      from: string;
      /** E.164; the `+` is dropped as Vonage wants digits. */
      to: string;
      text: string;
      /** DLR webhook URL for this message. */
      callback?: string;
      /** Our reference (≤ 40 chars), echoed in delivery receipts. */
      clientRef?: string;
    }): Promise<VonageSendResult> {
      const form: Record<string, string> = {
        api_key: input.apiKey,
        api_secret: input.apiSecret,
        from: input.from,
        to: input.to.replace(/^\+/, ''),
        text: input.text,
        type: isGsm7(input.text) ? 'text' : 'unicode',
      };
      if (input.callback) form.callback = input.callback;
      if (input.clientRef) form['client-ref'] = input.clientRef.slice(0, 40);
      const response = await config.http.request({
        method: 'POST',
        url: `${base}/sms/json`,
        form,
        // A 429/5xx answer means Vonage took no message: repeating it cannot send twice.
        retryAnswersOnly: true,
      });
      const parsed = sendSchema.safeParse(response.body);
      if (!parsed.success) {
        throw new ProviderError('vonage', 'invalid_response', 'Vonage sent an unreadable send result');
      }
      const failed = parsed.data.messages.find((m) => m.status !== vonageStatusCodes.success);
      if (failed) {
        const reason = failed['error-text']?.slice(0, 300) ?? null;
        throw new ProviderError(
          'vonage',
          kindByStatus[failed.status] ?? 'bad_request',
          reason
            ? `vonage refused the message: ${reason}`
            : `vonage refused the message (status ${failed.status})`,
          response.status,
          failed.status,
          reason,
        );
      }
      const prices = parsed.data.messages.map((m) => numberOrNull(m['message-price']));
      const last = parsed.data.messages.at(-1);
      return {
        messageIds: parsed.data.messages
          .map((m) => m['message-id'])
          .filter((id): id is string => Boolean(id)),
        messageCount: Number(parsed.data['message-count']) || parsed.data.messages.length,
        price: prices.some((p) => p === null) ? null : prices.reduce<number>((sum, p) => sum + (p ?? 0), 0),
        remainingBalance: numberOrNull(last?.['remaining-balance']),
        network: last?.network ?? null,
      };
    },

    /** The cheap credential test (§5.1): the account balance, sending nothing. */
    async getBalance(input: { apiKey: string; apiSecret: string }): Promise<{ value: number }> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/account/get-balance`,
        headers: {
          authorization: `Basic ${Buffer.from(`${input.apiKey}:${input.apiSecret}`).toString('base64')}`,
        },
      });
      const parsed = balanceSchema.safeParse(response.body);
      if (!parsed.success) {
        throw new ProviderError('vonage', 'invalid_response', 'Vonage sent an unreadable balance');
      }
      return { value: parsed.data.value };
    },
  };
}
