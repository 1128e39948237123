import { createHash } from 'node:crypto';
import { defineRequestState } from '@better-auth/core/context';
import { accountLockedCode, authMessages } from '@careloop/domain/auth-messages';
import { claimSignInAttempt, normalizeSignInEmail } from '@careloop/domain/sign-in-lockout';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../../db/client';
import type { AuditSink } from './audit-sink';
import { deleteSignInThrottle, lockSignInThrottle, saveSignInThrottle } from './sign-in-throttle.repository';

const signInPath = '/sign-in/email';

/** Counters are stored under a hash of the address, so the table holds no e-mail addresses. */
export function signInAccountKey(email: string): string {
  return createHash('sha256').update(normalizeSignInEmail(email)).digest('hex');
}

/** Reads an account's counters under its row lock, decides the next ones and stores them, in one transaction. */
function claimAttempt(db: Database, accountKey: string, now: Date) {
  return db.transaction(async (tx) => {
    const claimed = claimSignInAttempt(await lockSignInThrottle(tx, accountKey), now);
    await saveSignInThrottle(tx, accountKey, claimed.next);
    return claimed;
  });
}

/** Clears an account's failed attempts and lock (after a password reset). */
export function forgetSignInFailures(db: Database, email: string) {
  return deleteSignInThrottle(db, signInAccountKey(email));
}

/**
 * Per-account lockout around better-auth's e-mail sign-in: before the password is checked the
 * attempt is counted (or refused while the account is locked, right password included); after
 * it, a success clears the count and the failure that spent the budget is audited as a lockout.
 */
export function signInLockout({ db, audit }: { db: Database; audit: AuditSink }) {
  const pendingAttempt = defineRequestState<{
    accountKey: string;
    email: string;
    locksIfFailed: boolean;
  } | null>(() => null);
  return {
    id: 'careloop-sign-in-lockout',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === signInPath,
          handler: createAuthMiddleware(async (ctx) => {
            const email = typeof ctx.body?.email === 'string' ? normalizeSignInEmail(ctx.body.email) : '';
            if (email === '') return;
            const accountKey = signInAccountKey(email);
            const now = new Date();
            const decision = await claimAttempt(db, accountKey, now);
            if (!decision.allowed) {
              await audit({
                action: 'failed_login',
                resourceId: email,
                userId: null,
                riskLevel: 'medium',
                ipAddress: ctx.request?.headers.get('x-client-ip') ?? null,
                reason: accountLockedCode,
              });
              throw new APIError(
                'TOO_MANY_REQUESTS',
                { message: authMessages.accountLocked.message, code: accountLockedCode },
                { 'Retry-After': String(decision.retryAfterSeconds) },
              );
            }
            await pendingAttempt.set({ accountKey, email, locksIfFailed: decision.locksIfFailed });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === signInPath,
          handler: createAuthMiddleware(async (ctx) => {
            const attempt = await pendingAttempt.get();
            if (!attempt) return;
            if (!(ctx.context.returned instanceof APIError)) {
              await deleteSignInThrottle(db, attempt.accountKey);
              return;
            }
            if (attempt.locksIfFailed) {
              await audit({
                action: 'account_locked',
                resourceId: attempt.email,
                userId: null,
                // Someone kept guessing this account's password: the clinic's critical security event.
                riskLevel: 'critical',
                ipAddress: ctx.request?.headers.get('x-client-ip') ?? null,
                reason: String(ctx.context.returned.body?.code ?? ctx.context.returned.status),
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
