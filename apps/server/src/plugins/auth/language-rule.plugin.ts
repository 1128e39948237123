import { clinicLocaleMessages, isAppLanguage } from '@careloop/domain/clinic-locale';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/** Where better-auth takes the user's e-mail language (the sign-up page's language, the user's own update). */
const languagePaths = new Set(['/sign-up/email', '/update-user']);

/** The e-mail language is one the mails are written in (en, es, tr), or left out. */
export function languageRule() {
  return {
    id: 'careloop-language-rule',
    hooks: {
      before: [
        {
          matcher: (ctx) => languagePaths.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const language = ((ctx.body ?? {}) as Record<string, unknown>).language;
            if (language === undefined || isAppLanguage(language)) return;
            throw new APIError('BAD_REQUEST', {
              message: clinicLocaleMessages.languageInvalid.message,
              code: 'INVALID_LANGUAGE',
              field: 'language',
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
