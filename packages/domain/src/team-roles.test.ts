import { describe, expect, it } from 'vitest';
import { mayChangeRole, type RoleChange, type TeamRole } from './team-roles';

describe('mayChangeRole', () => {
  it.each<[TeamRole, string, RoleChange, boolean]>([
    ['owner', 'invites an owner', { granted: 'owner' }, true],
    ['owner', 'demotes an owner', { current: 'owner', granted: 'admin' }, true],
    ['owner', 'removes an owner', { current: 'owner' }, true],
    ['admin', 'invites an admin', { granted: 'admin' }, true],
    ['admin', 'invites staff', { granted: 'staff' }, true],
    ['admin', 'invites an owner', { granted: 'owner' }, false],
    ['admin', 'promotes staff to owner', { current: 'staff', granted: 'owner' }, false],
    ['admin', 'demotes an owner', { current: 'owner', granted: 'staff' }, false],
    ['admin', 'removes an owner', { current: 'owner' }, false],
    ['admin', 'promotes staff to admin', { current: 'staff', granted: 'admin' }, true],
    ['admin', 'removes staff', { current: 'staff' }, true],
    ['staff', 'invites staff', { granted: 'staff' }, false],
    ['staff', 'removes staff', { current: 'staff' }, false],
  ])('%s %s: %s', (actor, _what, change, allowed) => {
    expect(mayChangeRole(actor, change)).toBe(allowed);
  });
});
