import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { ClinicRole } from '../../lib/clinic-roles';
import { assignableRoles, canManageMember, teamErrorOf } from './team.utils';

describe('member roles', () => {
  it.each([
    ['owner', 'owner', true],
    ['owner', 'staff', true],
    ['admin', 'owner', false],
    ['admin', 'admin', true],
    ['admin', 'staff', true],
    ['staff', 'staff', false],
  ] as const)('%s may manage a member who is %s: %s', (caller, member, expected) => {
    expect(canManageMember(caller, member)).toBe(expected);
  });

  it.each([
    ['owner', ['owner', 'admin', 'staff']],
    ['admin', ['admin', 'staff']],
    ['staff', []],
  ] as [ClinicRole, ClinicRole[]][])('%s may give %j', (caller, roles) => {
    expect(assignableRoles(caller)).toEqual(roles);
  });
});

describe('teamErrorOf', () => {
  it.each([
    [
      new ApiError(409, 'CONFLICT', 'The last owner cannot be removed or demoted'),
      { key: 'team.errors.lastOwner' },
    ],
    [
      new ApiError(409, 'CONFLICT', 'This address has already been invited'),
      { key: 'team.errors.alreadyInvited' },
    ],
    [
      new ApiError(409, 'CONFLICT', 'This person is already a member of your clinic'),
      { key: 'team.errors.alreadyMember' },
    ],
    [
      new ApiError(403, 'FORBIDDEN', 'Only an owner can change or remove an owner'),
      { key: 'team.errors.ownerOnly' },
    ],
    [
      new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this'),
      { key: 'team.errors.forbidden' },
    ],
    [new ApiError(404, 'NOT_FOUND', 'Team member not found'), { key: 'team.errors.notFound' }],
    [
      new ApiError(409, 'CONFLICT', 'Something new'),
      { text: 'This conflicts with existing data. Refresh the page and try again.' },
    ],
    [new ApiError(500, 'INTERNAL', 'boom'), null],
    [new ApiError(0, 'NETWORK', 'offline'), null],
    [new Error('x'), null],
  ])('%s -> %j', (error, expected) => {
    expect(teamErrorOf(error)).toEqual(expected);
  });
});
