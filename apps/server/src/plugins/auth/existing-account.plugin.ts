import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/**
 * Spec 1's sign-up says "An account with this email already exists. Please sign in instead." when it
 * does. better-auth, with e-mail verification required, answers a taken address as a success and sends
 * nothing, so the person waits for a mail that never comes. This answers 422 USER_ALREADY_EXISTS
 * first (the web app maps it to the spec's message). Sign-up stays limited to 5 a minute per address;
 * password reset and invitations still never tell whether an account exists (ARCHITECTURE.md).
 */
export function existingAccountSignUp() {
  return {
    id: 'careloop-existing-account-sign-up',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string' || email.trim() === '') return;
            const found = await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
            if (!found?.user) return;
            throw new APIError('UNPROCESSABLE_ENTITY', {
              message: 'User already exists. Use another email.',
              code: 'USER_ALREADY_EXISTS',
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
