import type { SecurityAuditAction } from '@careloop/contracts/audit';
import type { Invitation, InvitationPreview, TeamMember, TeamResponse } from '@careloop/contracts/team';
import { languageFor } from '@careloop/domain/clinic-locale';
import { mayChangeRole, type RoleChange } from '@careloop/domain/team-roles';
import type { AppDeps } from '../../app-deps';
import type { ClinicRole } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashInvitationToken, invitationLifetimeMs, newInvitationToken } from '../../lib/invitation-token';
import { localizedPageUrl } from '../../lib/page-links';
import type { ClinicContext } from '../../plugins/request-context';
import { recordSecurityEvent } from '../audit/audit.service';
import { accountHolderInvitationEmail, invitationEmail } from './invitation-emails';
import {
  deleteMember,
  findAccountByEmail,
  findMemberRole,
  findOpenInvitationByTokenHash,
  insertInvitation,
  listMemberRows,
  listPendingInvitationRows,
  lockOwnerIds,
  revokeInvitationRow,
  updateMemberRole,
} from './team.repository';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'user' | 'clinic' | 'role'>;

const lastOwnerMessage = 'The last owner cannot be removed or demoted';
const memberNotFound = () => notFound('Team member');

function toInvitation(row: Awaited<ReturnType<typeof listPendingInvitationRows>>[number]): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as ClinicRole,
    status: row.status as Invitation['status'],
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getTeam(deps: Pick<AppDeps, 'db'>, ctx: Caller): Promise<TeamResponse> {
  const [members, invitations] = await Promise.all([
    listMemberRows(deps.db, ctx.clinicId),
    listPendingInvitationRows(deps.db, ctx.clinicId),
  ]);
  return {
    members: members.map(
      (m): TeamMember => ({
        userId: m.userId,
        name: m.name,
        email: m.email,
        role: m.role as ClinicRole,
        joinedAt: m.joinedAt.toISOString(),
      }),
    ),
    invitations: invitations.map(toInvitation),
  };
}

async function audit(
  deps: Pick<AppDeps, 'db'>,
  ctx: Caller,
  action: SecurityAuditAction,
  resourceId: string,
  detail: object,
) {
  await recordSecurityEvent(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action,
    resourceType: 'team',
    resourceId,
    riskLevel: action === 'member_role_changed' || action === 'member_removed' ? 'medium' : 'low',
    detail: { ...detail },
  });
}

/** Invitations, role changes and removals all pass the domain's one rule (an admin never makes an owner). */
function assertMayChange(ctx: Caller, change: RoleChange) {
  if (!mayChangeRole(ctx.role, change)) throw forbidden('Only an owner can change or remove an owner');
}

/**
 * Sends the link by the same mail path as sign-up. An address that already has an account (each account
 * belongs to one clinic) gets the same answer and a pending invitation like any other, so the form does
 * not tell who has a CareLoop account; the mail tells its owner instead. A member of the caller's own
 * clinic is no secret to the caller (the team list shows them), so that stays a 409.
 */
export async function inviteMember(deps: Deps, ctx: Caller, input: { email: string; role: ClinicRole }) {
  assertMayChange(ctx, { granted: input.role });
  const email = input.email.trim().toLowerCase();
  const account = await findAccountByEmail(deps.db, email);
  if (account?.clinicId === ctx.clinicId) throw conflict('This person is already a member of your clinic');
  const token = newInvitationToken();
  const row = await insertInvitation(deps.db, {
    clinicId: ctx.clinicId,
    id: newId('inv'),
    email,
    role: input.role,
    tokenHash: hashInvitationToken(token),
    invitedByUserId: ctx.userId,
    expiresAt: new Date(Date.now() + invitationLifetimeMs),
  });
  if (!row) throw conflict('This address has already been invited');
  const mail = {
    to: email,
    clinicName: ctx.clinic.name,
    inviter: ctx.user.name || ctx.user.email,
    language: languageFor(null, ctx.clinic.defaultLanguage),
    publicUrl: deps.config.http.publicUrl,
  };
  const invitationPath = `/signup?invitation=${encodeURIComponent(token)}`;
  const link = localizedPageUrl(mail.publicUrl, invitationPath, mail.language);
  await deps.mailer.send(account ? accountHolderInvitationEmail(mail) : invitationEmail({ ...mail, link }));
  await audit(deps, ctx, 'member_invited', row.id, { email, role: input.role });
  return toInvitation(row);
}

export async function revokeInvitation(deps: Pick<AppDeps, 'db'>, ctx: Caller, id: string) {
  if (!(await revokeInvitationRow(deps.db, ctx.clinicId, id))) throw notFound('Invitation');
  await audit(deps, ctx, 'invitation_revoked', id, {});
}

export async function changeMemberRole(
  deps: Pick<AppDeps, 'db'>,
  ctx: Caller,
  userId: string,
  role: ClinicRole,
): Promise<TeamMember> {
  await deps.db.transaction(async (tx) => {
    const current = await findMemberRole(tx, ctx.clinicId, userId);
    if (!current) throw memberNotFound();
    assertMayChange(ctx, { current, granted: role });
    const owners = await lockOwnerIds(tx, ctx.clinicId);
    if (current === 'owner' && role !== 'owner' && owners.length <= 1) throw conflict(lastOwnerMessage);
    await updateMemberRole(tx, ctx.clinicId, userId, role);
  });
  await audit(deps, ctx, 'member_role_changed', userId, { role });
  const team = await getTeam(deps, ctx);
  const member = team.members.find((m) => m.userId === userId);
  if (!member) throw memberNotFound();
  return member;
}

export async function removeMember(deps: Pick<AppDeps, 'db'>, ctx: Caller, userId: string) {
  await deps.db.transaction(async (tx) => {
    const current = await findMemberRole(tx, ctx.clinicId, userId);
    if (!current) throw memberNotFound();
    assertMayChange(ctx, { current });
    const owners = await lockOwnerIds(tx, ctx.clinicId);
    if (current === 'owner' && owners.length <= 1) throw conflict(lastOwnerMessage);
    await deleteMember(tx, ctx.clinicId, userId);
  });
  await audit(deps, ctx, 'member_removed', userId, {});
}

/** What the sign-up page shows for an invitation link. */
export async function previewInvitation(
  deps: Pick<AppDeps, 'db'>,
  token: string,
): Promise<InvitationPreview> {
  const row = await findOpenInvitationByTokenHash(deps.db, hashInvitationToken(token));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'This invitation is invalid or has expired');
  return { clinicName: row.clinicName, email: row.email, role: row.role as ClinicRole };
}
