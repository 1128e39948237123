import type { AccountPreferences, UpdateAccountPreferences } from '@careloop/contracts/account';
import { languageFor } from '@careloop/domain/clinic-locale';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { type PreferencesRow, readPreferences, updatePreferences } from './account.repository';

/** Owners and admins receive the Daily Digest; staff do not (their switch is not shown). */
const receivesDigest = (role: ClinicContext['role']) => role === 'owner' || role === 'admin';

function preferencesOf(row: PreferencesRow, ctx: ClinicContext): AccountPreferences {
  return {
    dailyDigest: row.dailyDigest,
    receivesDigest: receivesDigest(ctx.role),
    language: languageFor(row.language, ctx.clinic.defaultLanguage),
  };
}

export async function getAccountPreferences(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
): Promise<AccountPreferences> {
  const row = await readPreferences(deps.db, ctx.userId);
  if (!row) throw notFound('User');
  return preferencesOf(row, ctx);
}

export async function saveAccountPreferences(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
  input: UpdateAccountPreferences,
): Promise<AccountPreferences> {
  const row = await updatePreferences(deps.db, ctx.userId, input);
  if (!row) throw notFound('User');
  return preferencesOf(row, ctx);
}

/** The digest's unsubscribe link (no session: the signed token named the user); false when no such user. */
export async function turnOffDailyDigest(db: Database, userId: string): Promise<boolean> {
  return (await updatePreferences(db, userId, { dailyDigest: false })) !== null;
}
