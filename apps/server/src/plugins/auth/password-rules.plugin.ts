import { type AuthMessage, checkNewPassword, passwordErrorCodes } from '@careloop/domain/auth-messages';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { isCommonPassword } from './common-passwords';

/** Where better-auth takes a new password, and the body field that carries it. */
const newPasswordFields: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/** The answer's code for each refusal: the web app maps it back to the message (mapPasswordError). */
const codeOf = (problem: AuthMessage) =>
  Object.entries(passwordErrorCodes).find(([, message]) => message === problem)?.[0] ?? 'INVALID_PASSWORD';

/** The refusal a new password meets under the rules in force, or null: the hook below and the Security Hardening check both ask here. */
export async function newPasswordProblem(password: string) {
  const isCommon = await isCommonPassword(password.toLowerCase());
  return checkNewPassword(password, () => isCommon);
}

/**
 * The password rules (packages/domain checkNewPassword: length, and not one of the most common
 * passwords) on every endpoint that sets one, before better-auth hashes it.
 */
export function passwordRules() {
  return {
    id: 'careloop-password-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => Object.hasOwn(newPasswordFields, ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const field = newPasswordFields[ctx.path] ?? '';
            const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
            if (typeof password !== 'string') return;
            const problem = await newPasswordProblem(password);
            if (!problem) return;
            throw new APIError('BAD_REQUEST', {
              message: problem.message,
              code: codeOf(problem),
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
