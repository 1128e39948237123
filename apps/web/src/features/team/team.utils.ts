import type { ParseKeys } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { type ClinicRole, canManageClinic, clinicRoles } from '../../lib/clinic-roles';

/** Only an owner may change or remove an owner (the server's rule, mirrored to disable controls). */
export function canManageMember(caller: ClinicRole, member: ClinicRole): boolean {
  return canManageClinic(caller) && (member !== 'owner' || caller === 'owner');
}

/** The roles a caller may give: owners any, admins admin or staff. */
export function assignableRoles(caller: ClinicRole): ClinicRole[] {
  if (caller === 'owner') return [...clinicRoles];
  return caller === 'admin' ? ['admin', 'staff'] : [];
}

/** The server's team refusals with a translation (`settings:team.errors.*`); others show as they came. */
const teamErrorKeys: Record<string, ParseKeys<'settings'>> = {
  'The last owner cannot be removed or demoted': 'team.errors.lastOwner',
  'This address has already been invited': 'team.errors.alreadyInvited',
  'This person is already a member of your clinic': 'team.errors.alreadyMember',
  'Only an owner can change or remove an owner': 'team.errors.ownerOnly',
};

type TeamErrorText = { key: ParseKeys<'settings'> } | { text: string } | null;

/** What to show for a refused team change: a known 409/403 by its own key, another 4xx by its error code. */
export function teamErrorOf(error: unknown): TeamErrorText {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  const key = teamErrorKeys[error.message];
  if (key) return { key };
  if (error.status === 404) return { key: 'team.errors.notFound' };
  if (error.status === 403 && error.code === 'FORBIDDEN') return { key: 'team.errors.forbidden' };
  return { text: apiErrorMessage(error) };
}
