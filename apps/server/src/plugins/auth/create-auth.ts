import { getCurrentAdapter } from '@better-auth/core/context';
import { passwordMaxLength, passwordMinLength } from '@careloop/domain/auth-messages';
import { isAppLanguage } from '@careloop/domain/clinic-locale';
import { signInLockoutPolicy } from '@careloop/domain/sign-in-lockout';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mail.client';
import { newId } from '../../lib/ids';
import { hashInvitationToken } from '../../lib/invitation-token';
import { localizedPageUrl, pageUrlWithLanguage } from '../../lib/page-links';
import { passwordHasher } from '../../lib/password-hash';
import type { AuditSink } from './audit-sink';
import { passwordResetEmail, verificationEmail } from './auth-emails';
import { existingAccountSignUp } from './existing-account.plugin';
import { languageRule } from './language-rule.plugin';
import { mailLanguageOfUser } from './mail-language.repository';
import { nameRules } from './name-rules.plugin';
import { passwordResetSameWork } from './password-reset-same-work.plugin';
import { passwordRules } from './password-rules.plugin';
import { forgetSignInFailures, signInLockout } from './sign-in-lockout.plugin';
import { totpReplayGuard } from './totp-replay.plugin';

export type { AuditSink };

type CreateAuthOptions = {
  config: AppConfig;
  db: Database;
  secret: string;
  mailer: Mailer;
  audit: AuditSink;
};

const signInPaths = new Set(['/sign-in/email', '/two-factor/verify-totp', '/two-factor/verify-backup-code']);

export function createAuth({ config, db, secret, mailer, audit }: CreateAuthOptions) {
  const publicUrl = config.http.publicUrl;
  const resetSameWork = passwordResetSameWork({ db, mailer, publicUrl });
  return betterAuth({
    appName: 'CareLoop',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.auth.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
        rateLimit: schema.rateLimits,
        clinic: schema.clinics,
        clinicUser: schema.clinicUsers,
        clinicInvitation: schema.clinicInvitations,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: false, input: true },
        /** The language of the account's e-mails: the page's at sign-up (languageRule checks it). */
        language: { type: 'string', required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // The same numbers as the domain's rules, which passwordRules() checks first with our messages.
      minPasswordLength: passwordMinLength,
      maxPasswordLength: passwordMaxLength,
      revokeSessionsOnPasswordReset: true,
      password: passwordHasher(config.auth.passwordHashCost),
      // A reset proves the owner: a lockout from someone else's guesses ends with it.
      onPasswordReset: async ({ user }) => {
        await forgetSignInFailures(db, user.email);
      },
      resetPasswordTokenExpiresIn: 3600,
      // Not awaited: an unknown address gets no mail, so waiting for one would tell who has an account;
      // it gets the same work done instead (password-reset-same-work.plugin.ts).
      sendResetPassword: async ({ user, token }, request) => {
        resetSameWork.markMailed(request);
        const path = `/reset-password?token=${encodeURIComponent(token)}`;
        // The language is looked up in the background too: the answer must not wait for anything.
        mailer.sendInBackground(
          mailLanguageOfUser(db, user.id).then((language) =>
            passwordResetEmail({
              to: user.email,
              link: localizedPageUrl(publicUrl, path, language),
              language,
              publicUrl,
            }),
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 86400,
      // Only a person signing up over HTTP gets the confirmation: a sign-up the server makes itself
      // (signUpOwner: the demo seed on every fresh start, tests, benches) has no request and is
      // verified by signUpOwner, so nothing lands in the outbox for it (else every fresh start of
      // the demo would write one).
      sendVerificationEmail: async ({ user, token }, request) => {
        if (!request) return;
        const { firstName, language } = user as { firstName?: string | null; language?: string | null };
        // At sign-up the user row holds the page's language; a resend reads it (or the clinic's) back.
        const mailLanguage = isAppLanguage(language) ? language : await mailLanguageOfUser(db, user.id);
        const path = `/email-confirmation?token=${encodeURIComponent(token)}&type=signup`;
        const link = pageUrlWithLanguage(publicUrl, path, mailLanguage);
        await mailer.send(
          verificationEmail({
            to: user.email,
            firstName: firstName ?? null,
            link,
            language: mailLanguage,
            publicUrl,
          }),
        );
      },
    },
    session: {
      // Idle lifetime: a session unused this long expires; each use within it slides it forward.
      expiresIn: config.auth.sessionIdleSeconds,
      updateAge: Math.min(3600, Math.floor(config.auth.sessionIdleSeconds / 4)),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Per client address, any account: high enough for a clinic behind one router. Guessing
        // at one account is stopped by the per-account lockout (sign-in-lockout.plugin.ts).
        '/sign-in/email': { window: 60, max: signInLockoutPolicy.perAddressPerMinute },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 300, max: 3 },
        '/two-factor/verify-totp': { window: 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: config.http.isTls,
      // better-auth turns these checks off under a test runner; ours run with them, as production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: 'careloop',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.http.isTls },
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
      database: { generateId: ({ model }) => newId(model === 'clinic' ? 'cln' : model.slice(0, 3)) },
    },
    plugins: [
      twoFactor({ issuer: 'CareLoop' }),
      signInLockout({ db, audit }),
      passwordRules(),
      nameRules(),
      languageRule(),
      existingAccountSignUp(),
      resetSameWork.plugin,
      totpReplayGuard({ db }),
      {
        id: 'careloop-clinic-schema',
        schema: {
          clinic: {
            modelName: 'clinic',
            fields: {
              name: { type: 'string', required: true },
              email: { type: 'string', required: false },
              defaultLanguage: { type: 'string', required: false },
            },
          },
          clinicUser: {
            modelName: 'clinicUser',
            fields: {
              clinicId: { type: 'string', required: true },
              userId: { type: 'string', required: true },
              role: { type: 'string', required: true },
            },
          },
          clinicInvitation: {
            modelName: 'clinicInvitation',
            fields: {
              clinicId: { type: 'string', required: true },
              email: { type: 'string', required: true },
              role: { type: 'string', required: true },
              tokenHash: { type: 'string', required: true },
              status: { type: 'string', required: true },
              expiresAt: { type: 'date', required: true },
              acceptedUserId: { type: 'string', required: false },
              acceptedAt: { type: 'date', required: false },
            },
          },
        },
      },
    ],
    databaseHooks: {
      account: {
        create: {
          // Runs inside sign-up's transaction, after the user row exists: the clinic and the owner
          // link are written with it, or not at all.
          before: async (account, ctx) => {
            if (account.providerId !== 'credential' || ctx?.path !== '/sign-up/email') return;
            const body = (ctx.body ?? {}) as {
              practiceName?: unknown;
              email?: unknown;
              invitationToken?: unknown;
              language?: unknown;
            };
            const trx = await getCurrentAdapter(ctx.context.adapter);
            if (typeof body.invitationToken === 'string' && body.invitationToken !== '') {
              await joinInvitedClinic(trx, {
                token: body.invitationToken,
                email: typeof body.email === 'string' ? body.email.toLowerCase() : '',
                userId: account.userId,
              });
              return;
            }
            const practiceName = typeof body.practiceName === 'string' ? body.practiceName.trim() : '';
            if (!practiceName) {
              throw new APIError('BAD_REQUEST', {
                message: 'Please fill in all required fields',
                code: 'PRACTICE_NAME_REQUIRED',
              });
            }
            // The clinic starts in the language of the page its owner signed up from (the wizard shows it, editable).
            const clinic = await trx.create<
              { name: string; email: string | null; defaultLanguage?: string },
              { id: string }
            >({
              model: 'clinic',
              data: {
                name: practiceName.slice(0, 200),
                email: typeof body.email === 'string' ? body.email.toLowerCase() : null,
                ...(isAppLanguage(body.language) ? { defaultLanguage: body.language } : {}),
              },
            });
            await trx.create({
              model: 'clinicUser',
              data: { clinicId: clinic.id, userId: account.userId, role: 'owner' },
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // An invited colleague joins an existing clinic: no practice name of their own.
        const isInvited = typeof body.invitationToken === 'string' && body.invitationToken !== '';
        const required = ['email', 'password', 'firstName', ...(isInvited ? [] : ['practiceName'])];
        if (required.some((k) => typeof body[k] !== 'string' || !(body[k] as string).trim())) {
          throw new APIError('BAD_REQUEST', {
            message: 'Please fill in all required fields',
            code: 'REQUIRED_FIELDS',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!signInPaths.has(ctx.path)) return;
        const returned = ctx.context.returned;
        const ipAddress = ctx.request?.headers.get('x-client-ip') ?? null;
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email.toLowerCase() : null;
        const newSession = ctx.context.newSession;
        if (newSession) {
          await audit({
            action: 'successful_login',
            resourceId: newSession.user.id,
            userId: newSession.user.id,
            riskLevel: 'low',
            ipAddress,
          });
          return;
        }
        if (returned instanceof APIError) {
          await audit({
            action: 'failed_login',
            resourceId: email ?? 'unknown',
            userId: null,
            riskLevel: 'medium',
            ipAddress,
            reason: String(returned.body?.code ?? returned.status),
          });
        }
      }),
    },
  });
}

type TransactionAdapter = Awaited<ReturnType<typeof getCurrentAdapter>>;

const invalidInvitation = () =>
  new APIError('BAD_REQUEST', {
    message: 'This invitation is invalid or has expired',
    code: 'INVALID_INVITATION',
  });

/**
 * Sign-up through an invitation link, inside sign-up's transaction: the invitation must be
 * pending, unexpired and for this e-mail; the user joins its clinic with its role, and it is spent.
 */
async function joinInvitedClinic(
  trx: TransactionAdapter,
  input: { token: string; email: string; userId: string },
) {
  const tokenHash = hashInvitationToken(input.token);
  const invitation = await trx.findOne<{
    clinicId: string;
    email: string;
    role: string;
    status: string;
    expiresAt: Date;
  }>({ model: 'clinicInvitation', where: [{ field: 'tokenHash', value: tokenHash }] });
  const isOpen =
    invitation?.status === 'pending' &&
    new Date(invitation.expiresAt).getTime() > Date.now() &&
    invitation.email === input.email;
  if (!invitation || !isOpen) throw invalidInvitation();
  await trx.create({
    model: 'clinicUser',
    data: { clinicId: invitation.clinicId, userId: input.userId, role: invitation.role },
  });
  await trx.update({
    model: 'clinicInvitation',
    where: [{ field: 'tokenHash', value: tokenHash }],
    update: { status: 'accepted', acceptedUserId: input.userId, acceptedAt: new Date() },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export type OwnerSignUp = {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  practiceName: string;
  language?: 'en' | 'es' | 'tr';
};

/**
 * Server-side sign-up of a clinic owner (demo seed, tests, benches): the same path and transaction
 * as the form, but the address counts as verified and no confirmation mail is sent.
 */
export async function signUpOwner(auth: Auth, input: OwnerSignUp) {
  // practiceName is read by the sign-up hooks, not stored on the user, so it is not in better-auth's type.
  const body = { ...input, name: [input.firstName, input.lastName].filter(Boolean).join(' ') };
  const result = await auth.api.signUpEmail({ body });
  const ctx = await auth.$context;
  await ctx.internalAdapter.updateUser(result.user.id, { emailVerified: true });
  return { ...result, user: { ...result.user, emailVerified: true } };
}
