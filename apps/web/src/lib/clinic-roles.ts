import { clinicRoleSchema, type MeResponse } from '@careloop/contracts/me';

export type ClinicRole = MeResponse['role'];
export const clinicRoles: readonly ClinicRole[] = clinicRoleSchema.options;

/** Settings, secrets and the team are for owners and admins (the API answers 403 to staff). */
export function canManageClinic(role: ClinicRole | undefined): boolean {
  return role === 'owner' || role === 'admin';
}
