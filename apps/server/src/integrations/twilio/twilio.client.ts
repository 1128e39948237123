import { z } from 'zod';
import { ProviderError, type ProviderErrorDescriber, type ProviderHttp } from '../http/provider-http';

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
  };
}

export type TwilioClient = ReturnType<typeof createTwilioClient>;
