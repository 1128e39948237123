import type { FastifyInstance, FastifyReply } from 'fastify';

export type SandboxWhatsAppNumber = { id: string; displayPhoneNumber: string; verifiedName: string };

export type WhatsAppSandboxState = {
  /** Access tokens the fake accepts, each with the phone-number ids it may use. */
  tokens: Map<string, Set<string>>;
  numbers: Map<string, SandboxWhatsAppNumber>;
  requests: string[];
};

/** The demo clinic's WhatsApp credentials in sandbox mode (not secrets: they open only the fake). */
export const whatsAppSandboxDemo = {
  accessToken: `EAA${'SandboxDemoToken'.repeat(7)}`,
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '+1 555-010-0199',
  verifiedName: 'CareLoop Demo Clinic',
} as const;

export function createWhatsAppSandboxState(): WhatsAppSandboxState {
  return { tokens: new Map(), numbers: new Map(), requests: [] };
}

export function addWhatsAppSandboxNumber(
  state: WhatsAppSandboxState,
  token: string,
  number: SandboxWhatsAppNumber,
) {
  state.numbers.set(number.id, number);
  const ids = state.tokens.get(token) ?? new Set<string>();
  ids.add(number.id);
  state.tokens.set(token, ids);
}

export function createDemoWhatsAppSandboxState(): WhatsAppSandboxState {
  const state = createWhatsAppSandboxState();
  addWhatsAppSandboxNumber(state, whatsAppSandboxDemo.accessToken, {
    id: whatsAppSandboxDemo.phoneNumberId,
    displayPhoneNumber: whatsAppSandboxDemo.displayPhoneNumber,
    verifiedName: whatsAppSandboxDemo.verifiedName,
  });
  return state;
}

const graphError = (
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  type = 'OAuthException',
) => reply.status(status).send({ error: { message, type, code, fbtrace_id: 'SandboxTrace' } });

/** A wire-compatible fake of the Graph API parts we call (providers.md §3.7). */
export const whatsAppSandbox = (state: WhatsAppSandboxState) => async (app: FastifyInstance) => {
  app.get<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId',
    { schema: { hide: true } },
    async (request, reply) => {
      state.requests.push(`GET ${request.url}`);
      const { version, phoneNumberId } = request.params;
      if (!/^v\d+\.\d+$/.test(version))
        return graphError(reply, 400, 100, 'Unknown path components', 'GraphMethodException');
      const auth = request.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
      const allowed = state.tokens.get(token);
      if (!allowed) {
        return graphError(reply, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      const number = state.numbers.get(phoneNumberId);
      if (!number || !allowed.has(phoneNumberId)) {
        return graphError(
          reply,
          400,
          100,
          `Unsupported get request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
          'GraphMethodException',
        );
      }
      return {
        id: number.id,
        display_phone_number: number.displayPhoneNumber,
        verified_name: number.verifiedName,
        quality_rating: 'GREEN',
        code_verification_status: 'VERIFIED',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
        messaging_limit_tier: 'TIER_1K',
        account_mode: 'SANDBOX',
      };
    },
  );
};
