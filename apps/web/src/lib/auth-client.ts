import { inferAdditionalFields, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { fetchFromNetwork } from './api-client';

/**
 * better-auth's browser client for `/api/auth/*` on the same origin. The additional user
 * fields mirror the server's better-auth configuration.
 */
export const authClient = createAuthClient({
  fetchOptions: { customFetchImpl: fetchFromNetwork },
  plugins: [
    inferAdditionalFields({
      user: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: false },
        practiceName: { type: 'string', required: true },
        /** The language of the account's e-mails: the page's at sign-up. */
        language: { type: 'string', required: false },
      },
    }),
    twoFactorClient(),
  ],
});
