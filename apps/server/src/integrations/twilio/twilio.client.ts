import { z } from 'zod';
import { ProviderError, type ProviderErrorDescriber, type ProviderHttp } from '../http/provider-http';

/** Twilio error codes a service branches on (providers.md §4.2). */
export const twilioErrorCodes = {
  authenticate: '20003',
  notFound: '20404',
  tooManyRequests: '20429',
  invalidTo: '21211',
  /** The recipient replied STOP: nothing reaches them from this sender until they text START. */
  unsubscribedRecipient: '21610',
} as const;

/** Twilio errors: `{"code","message","more_info","status"}` (providers.md §4.1). */
export const describeTwilioError: ProviderErrorDescriber = (body) => {
  const parsed = z.object({ code: z.number().optional(), message: z.string().optional() }).safeParse(body);
  if (!parsed.success || (parsed.data.code === undefined && parsed.data.message === undefined)) return null;
  return {
    code: parsed.data.code === undefined ? null : String(parsed.data.code),
    reason: parsed.data.message ?? null,
  };
};

const accountSchema = z.object({
  sid: z.string(),
  friendly_name: z.string().nullish(),
  status: z.string(),
  type: z.string().nullish(),
});

export type TwilioAccount = { sid: string; friendlyName: string | null; status: string; type: string | null };

const messageSchema = z.object({
  sid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/),
  status: z.string(),
  to: z.string().nullish(),
  from: z.string().nullish(),
  num_segments: z.union([z.string(), z.number()]).nullish(),
  error_code: z.number().nullish(),
  error_message: z.string().nullish(),
  date_created: z.string().nullish(),
});

export type TwilioMessage = {
  /** `SM...`: the id status callbacks refer to. */
  sid: string;
  /** `queued` (or `accepted` with a Messaging Service). */
  status: string;
  from: string | null;
  numSegments: number | null;
  errorCode: number | null;
  createdAt: Date | null;
};

/** RFC 2822 (`Tue, 26 Jul 2016 12:50:07 +0000`), as Twilio writes dates; null when unreadable. */
function parseTwilioDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : null;
}

export type TwilioClientConfig = {
  /** e.g. https://api.twilio.com (TWILIO_API_URL). */
  baseUrl: string;
  http: ProviderHttp;
};

const basicAuth = (accountSid: string, authToken: string) =>
  `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

/** Twilio Programmable Messaging (providers.md §4): HTTP and mapping only. */
export function createTwilioClient(config: TwilioClientConfig) {
  const base = `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01`;

  return {
    /** The cheap credential test (§4.7): the account the SID and token open. */
    async fetchAccount(input: { accountSid: string; authToken: string }): Promise<TwilioAccount> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/Accounts/${encodeURIComponent(input.accountSid)}.json`,
        headers: { authorization: basicAuth(input.accountSid, input.authToken) },
      });
      const parsed = accountSchema.safeParse(response.body);
      if (!parsed.success) {
        throw new ProviderError('twilio', 'invalid_response', 'Twilio sent an unreadable account');
      }
      return {
        sid: parsed.data.sid,
        friendlyName: parsed.data.friendly_name ?? null,
        status: parsed.data.status,
        type: parsed.data.type ?? null,
      };
    },

    /**
     * Sends an SMS (§4.2): form-encoded, Basic auth, one sender (`from` or `messagingServiceSid`).
     * Failures keep Twilio's code: 21610 opted out, 21211 invalid number, 20003 authentication.
     */
    async sendSms(input: {
      accountSid: string;
      authToken: string;
      to: string;
      body: string;
      from?: string;
      messagingServiceSid?: string;
      /** Where Twilio POSTs `sent`/`delivered`/`failed` for this message. */
      statusCallback?: string;
    }): Promise<TwilioMessage> {
      const form: Record<string, string> = { To: input.to, Body: input.body };
      if (input.messagingServiceSid) form.MessagingServiceSid = input.messagingServiceSid;
      else if (input.from) form.From = input.from;
      if (input.statusCallback) form.StatusCallback = input.statusCallback;
      const response = await config.http
        .request({
          method: 'POST',
          url: `${base}/Accounts/${encodeURIComponent(input.accountSid)}/Messages.json`,
          headers: { authorization: basicAuth(input.accountSid, input.authToken) },
          form,
          // A 429/5xx means Twilio created no message: repeating it cannot send twice.
          retryAnswersOnly: true,
        })
        .catch((error: unknown) => {
          if (error instanceof ProviderError && error.providerCode === twilioErrorCodes.tooManyRequests) {
            throw new ProviderError(
              error.provider,
              'rate_limited',
              error.message,
              error.status,
              error.providerCode,
              error.providerReason,
              error.retryAfterMs,
            );
          }
          throw error;
        });
      const parsed = messageSchema.safeParse(response.body);
      if (!parsed.success) {
        throw new ProviderError('twilio', 'invalid_response', 'Twilio sent an unreadable message');
      }
      const segments = Number(parsed.data.num_segments);
      return {
        sid: parsed.data.sid,
        status: parsed.data.status,
        from: parsed.data.from ?? null,
        numSegments: parsed.data.num_segments == null || !Number.isFinite(segments) ? null : segments,
        errorCode: parsed.data.error_code ?? null,
        createdAt: parseTwilioDate(parsed.data.date_created),
      };
    },
  };
}
