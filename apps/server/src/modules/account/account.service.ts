import type { AccountPreferences, UpdateAccountPreferences } from '@careloop/contracts/account';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { readPreferences, updatePreferences } from './account.repository';

/** Owners and admins receive the Daily Digest; staff do not (their switch is not shown). */
const receivesDigest = (role: ClinicContext['role']) => role === 'owner' || role === 'admin';

export async function getAccountPreferences(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
): Promise<AccountPreferences> {
  const row = await readPreferences(deps.db, ctx.userId);
  if (!row) throw notFound('User');
  return { dailyDigest: row.dailyDigest, receivesDigest: receivesDigest(ctx.role) };
}

export async function saveAccountPreferences(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
  input: UpdateAccountPreferences,
): Promise<AccountPreferences> {
  const row = await updatePreferences(deps.db, ctx.userId, input);
  if (!row) throw notFound('User');
  return { dailyDigest: row.dailyDigest, receivesDigest: receivesDigest(ctx.role) };
}

/** The digest's unsubscribe link (no session: the signed token named the user); false when no such user. */
export async function turnOffDailyDigest(db: Database, userId: string): Promise<boolean> {
  return (await updatePreferences(db, userId, { dailyDigest: false })) !== null;
}
