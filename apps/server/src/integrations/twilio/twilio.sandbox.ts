import type { FastifyInstance, FastifyReply } from 'fastify';

export type TwilioSandboxAccount = { sid: string; authToken: string; friendlyName: string; status: string };

export type TwilioSandboxState = {
  accounts: Map<string, TwilioSandboxAccount>;
  requests: string[];
};

/** The demo clinic's Twilio credentials in sandbox mode (not secrets: they open only the fake). */
export const twilioSandboxDemo = {
  accountSid: `AC${'5a1d'.repeat(8)}`,
  authToken: 'sandbox0demo0auth0token0000000000',
  fromNumber: '+14155552671',
} as const;

export function createTwilioSandboxState(): TwilioSandboxState {
  return { accounts: new Map(), requests: [] };
}

export function addTwilioSandboxAccount(state: TwilioSandboxState, account: TwilioSandboxAccount) {
  state.accounts.set(account.sid, account);
}

export function createDemoTwilioSandboxState(): TwilioSandboxState {
  const state = createTwilioSandboxState();
  addTwilioSandboxAccount(state, {
    sid: twilioSandboxDemo.accountSid,
    authToken: twilioSandboxDemo.authToken,
    friendlyName: 'CareLoop Demo Clinic',
    status: 'active',
  });
  return state;
}

const twilioError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .status(status)
    .send({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

/** The account the Basic credentials open, or null: the user must equal the path's SID. */
function authenticate(state: TwilioSandboxState, header: string | undefined, pathSid: string) {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const account = state.accounts.get(pathSid);
  return account && user === pathSid && password === account.authToken ? account : null;
}

/** A wire-compatible fake of the Twilio REST API parts we call (providers.md §4.8). */
export const twilioSandbox = (state: TwilioSandboxState) => async (app: FastifyInstance) => {
  app.get<{ Params: { file: string } }>(
    '/2010-04-01/Accounts/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      state.requests.push(`GET ${request.url}`);
      const match = /^(AC[0-9a-zA-Z]{32})\.json$/.exec(request.params.file);
      if (!match) return twilioError(reply, 404, 20404, 'The requested resource was not found');
      const sid = match[1] as string;
      const account = authenticate(state, request.headers.authorization, sid);
      if (!account) return twilioError(reply, 401, 20003, 'Authenticate');
      return {
        sid: account.sid,
        friendly_name: account.friendlyName,
        status: account.status,
        type: 'Full',
        owner_account_sid: account.sid,
        date_created: 'Mon, 02 Nov 2026 10:00:00 +0000',
        date_updated: 'Mon, 02 Nov 2026 10:00:00 +0000',
        uri: `/2010-04-01/Accounts/${account.sid}.json`,
      };
    },
  );
};
