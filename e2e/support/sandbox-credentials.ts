/**
 * The Twilio sandbox's demo credentials (`twilioSandboxDemo` in
 * apps/server/src/integrations/twilio/twilio.sandbox.ts): the demo clinic is in sandbox mode, and these
 * open only the fake mounted by the server under test.
 */
export const twilioSandboxCredentials = {
  accountSid: `AC${'5a1d'.repeat(8)}`,
  authToken: 'sandbox0demo0auth0token0000000000',
  fromNumber: '+14155552671',
} as const;
