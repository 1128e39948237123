export const teamRoles = ['owner', 'admin', 'staff'] as const;
export type TeamRole = (typeof teamRoles)[number];

/**
 * One change to someone's place in a clinic: `current` is their role now (absent for someone not yet
 * a member, as when invited), `granted` the role they get (absent when they are removed).
 */
export type RoleChange = { current?: TeamRole; granted?: TeamRole };

/**
 * Who may make a change, the same rule for inviting, changing a role and removing: owners may do
 * anything; admins manage admins and staff but may neither touch an owner nor make one; staff manage
 * nobody. (The last owner staying is checked against the clinic's owners, not here.)
 */
export function mayChangeRole(actor: TeamRole, change: RoleChange): boolean {
  if (actor === 'owner') return true;
  if (actor === 'staff') return false;
  return change.current !== 'owner' && change.granted !== 'owner';
}
