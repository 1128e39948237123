import { randomBytes } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mail.client';
import { localizedPageUrl } from '../../lib/page-links';
import { passwordResetEmail } from './auth-emails';
import { mailLanguageOfUser } from './mail-language.repository';
import { writePasswordResetStandIn } from './password-reset-stand-in.repository';

const resetPath = '/request-password-reset';

/**
 * A password-reset request does the same work whether or not the address has an account, so the
 * time of the answer does not tell (a known address took ~200 ms, an unknown one ~110 ms).
 * better-auth's known path writes the token, and the mail is composed in the background; its
 * unknown path only reads a dummy token (in place of the known path's read of the accounts). After
 * the handler, the unknown path also writes a stand-in row and composes the same mail in the
 * background, which is never delivered.
 */
export function passwordResetSameWork({
  db,
  mailer,
  publicUrl,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}) {
  const mailed = new WeakSet<Request>();
  return {
    /** Called by `sendResetPassword`: this request found an account and its mail is on its way. */
    markMailed(request: Request | undefined) {
      if (request) mailed.add(request);
    },
    plugin: {
      id: 'careloop-password-reset-same-work',
      hooks: {
        after: [
          {
            matcher: (ctx) => ctx.path === resetPath,
            handler: createAuthMiddleware(async (ctx) => {
              if (!ctx.request || ctx.context.returned instanceof APIError) return;
              if (mailed.has(ctx.request)) return;
              const email = (ctx.body as { email?: unknown } | undefined)?.email;
              if (typeof email !== 'string') return;
              await writePasswordResetStandIn(db);
              const path = `/reset-password?token=${randomBytes(18).toString('base64url')}`;
              mailer.sendInBackground(
                mailLanguageOfUser(db, '').then((language) =>
                  passwordResetEmail({
                    to: email,
                    link: localizedPageUrl(publicUrl, path, language),
                    language,
                    publicUrl,
                  }),
                ),
                { deliver: false },
              );
            }),
          },
        ],
      },
    } satisfies BetterAuthPlugin,
  };
}
