import { z } from 'zod';
import { ProviderError, type ProviderErrorDescriber, type ProviderHttp } from '../http/provider-http';

/** Graph API errors: `{"error":{"message","type","code",...}}` (providers.md §3.3). */
export const describeWhatsAppError: ProviderErrorDescriber = (body) => {
  const parsed = z
    .object({ error: z.object({ message: z.string().optional(), code: z.number().optional() }) })
    .safeParse(body);
  if (!parsed.success) return null;
  const { code, message } = parsed.data.error;
  return { code: code === undefined ? null : String(code), reason: message ?? null };
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
  };
}

export type WhatsAppClient = ReturnType<typeof createWhatsAppClient>;
