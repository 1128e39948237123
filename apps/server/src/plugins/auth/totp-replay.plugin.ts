import { createOTP } from '@better-auth/utils/otp';
import { authMessages, codeAlreadyUsedCode } from '@careloop/domain/auth-messages';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Database } from '../../db/client';
import { claimTotpStep } from './totp-step.repository';

/** better-auth's TOTP settings (its defaults, which we keep): 30-second steps, one step either side. */
const period = 30;
const digits = 6;
const window = 1;

type TotpContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user a TOTP code is for: the signed-in one (turning 2FA on) or the pending sign-in's. */
async function userIdOf(ctx: TotpContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!token) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(token);
  return pending?.value ?? null;
}

/** The time step whose code `code` is, within better-auth's window around now; null when none. */
async function stepOf(secret: string, code: string, now: number): Promise<number | null> {
  const otp = createOTP(secret, { period, digits });
  const current = Math.floor(now / 1000 / period);
  for (let step = current + window; step >= current - window; step--) {
    if ((await otp.hotp(step)) === code) return step;
  }
  return null;
}

/**
 * A TOTP code is accepted once (RFC 6238 §5.2): before better-auth checks a code, its time step
 * must be later than the last one accepted for the user, and is claimed in the same statement.
 * A code that matches no step is left to better-auth, which refuses and counts it.
 */
export function totpReplayGuard({ db }: { db: Database }) {
  return {
    id: 'careloop-totp-replay-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = typeof ctx.body?.code === 'string' ? ctx.body.code : '';
            if (!/^\d{6}$/.test(code)) return;
            const userId = await userIdOf(ctx);
            if (!userId) return;
            const twoFactor = await ctx.context.adapter.findOne<{ secret: string }>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: userId }],
            });
            if (!twoFactor) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: twoFactor.secret });
            const step = await stepOf(secret, code, Date.now());
            if (step === null) return;
            if (await claimTotpStep(db, userId, step)) return;
            throw new APIError('UNAUTHORIZED', {
              message: authMessages.codeAlreadyUsed.message,
              code: codeAlreadyUsedCode,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
