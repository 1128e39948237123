import type { Invitation, TeamMember, TeamResponse } from '@careloop/contracts/team';
import { isEmailAddress } from '@careloop/domain/clinic-profile';
import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMailPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SettingsSection } from '../../../components/settings-section';
import { type ClinicRole, clinicRoles } from '../../../lib/clinic-roles';
import { showError, showSuccess } from '../../../lib/notifications';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useUpdateMemberRole } from '../api/update-member-role';
import { assignableRoles, canManageMember, teamErrorOf } from '../team.utils';

/** The server's reason for a refused change, translated when known, else the fallback. */
function useReasonOf() {
  const { t } = useTranslation('settings');
  return (error: unknown): string | undefined => {
    const reason = teamErrorOf(error);
    if (!reason) return undefined;
    return 'key' in reason ? t(reason.key) : reason.text;
  };
}

function useFormatDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  return (iso: string) => format.format(new Date(iso));
}

type TeamSectionProps = {
  team: TeamResponse;
  /** The signed-in user and their role. */
  me: { userId: string; role: ClinicRole };
};

/** Members with their roles, invitations by e-mail and the pending ones (owners and admins). */
export function TeamSection({ team, me }: TeamSectionProps) {
  const { t } = useTranslation(['settings', 'common']);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  return (
    <Stack gap="lg">
      <SettingsSection title={t('team.members.title')} description={t('team.members.description')}>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {team.members.map((member) => (
            <MemberRow key={member.userId} member={member} me={me} onRemove={() => setRemoving(member)} />
          ))}
        </Stack>
      </SettingsSection>
      <InviteForm callerRole={me.role} />
      <PendingInvitations invitations={team.invitations.filter((inv) => inv.status === 'pending')} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

type MemberRowProps = {
  member: TeamMember;
  me: TeamSectionProps['me'];
  onRemove: () => void;
};

function MemberRow({ member, me, onRemove }: MemberRowProps) {
  const { t } = useTranslation(['settings', 'common']);
  const reasonOf = useReasonOf();
  const formatDate = useFormatDate();
  const updateRole = useUpdateMemberRole();
  const isMe = member.userId === me.userId;
  const mayManage = canManageMember(me.role, member.role);
  const allowed = assignableRoles(me.role);
  const name = member.name || member.email;
  const shownRole = updateRole.isPending ? (updateRole.variables?.role ?? member.role) : member.role;

  const handleRole = (value: string) => {
    const role = clinicRoles.find((candidate) => candidate === value);
    if (!role || role === member.role) return;
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => showSuccess({ title: t('team.toasts.roleChanged') }),
        onError: (error) => showError({ title: t('team.toasts.roleError'), message: reasonOf(error) }),
      },
    );
  };

  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={name}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {isMe ? (
              <Badge variant="light" color="dark" size="sm">
                {t('team.members.you')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t('team.members.joined', { date: formatDate(member.joinedAt) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            aria-label={t('team.members.roleOf', { name })}
            value={shownRole}
            onChange={(event) => handleRole(event.currentTarget.value)}
            disabled={!mayManage || updateRole.isPending}
            data={clinicRoles.map((role) => ({
              value: role,
              label: t(`team.roles.${role}`),
              // An admin sees an owner's role but may not give it.
              disabled: role !== member.role && !allowed.includes(role),
            }))}
            w={140}
          />
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={onRemove}
            disabled={!mayManage}
            aria-label={t('team.members.removeNamed', { name })}
          >
            {t('team.members.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function RemoveMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const reasonOf = useReasonOf();
  const removeMember = useRemoveMember();
  const handleConfirm = () => {
    if (!member) return;
    removeMember.mutate(member.userId, {
      onSuccess: () => {
        showSuccess({ title: t('team.toasts.removed') });
        onClose();
      },
      onError: (error) => {
        showError({ title: t('team.toasts.removeError'), message: reasonOf(error) });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={member !== null}
      onClose={onClose}
      title={t('team.remove.title')}
      message={
        member ? t('team.remove.message', { name: member.name || member.email, email: member.email }) : null
      }
      cancelLabel={t('team.remove.cancel')}
      confirmLabel={t('team.remove.confirm')}
      onConfirm={handleConfirm}
      isPending={removeMember.isPending}
      centered
    />
  );
}

function InviteForm({ callerRole }: { callerRole: ClinicRole }) {
  const { t } = useTranslation(['settings', 'common']);
  const reasonOf = useReasonOf();
  const invite = useInviteMember();
  const roles = assignableRoles(callerRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ClinicRole>('staff');
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const emailError = submitted && !isEmailAddress(email) ? t('team.invite.emailInvalid') : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isEmailAddress(email)) return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          showSuccess({ title: t('team.toasts.invited') });
          setEmail('');
          setSubmitted(false);
        },
        onError: (error) => {
          const reason = reasonOf(error);
          setRefusal(reason ?? null);
          showError({ title: t('team.toasts.inviteError'), message: reason });
        },
      },
    );
  };

  return (
    <SettingsSection title={t('team.invite.title')} description={t('team.invite.description')}>
      <form onSubmit={handleSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="email"
            label={t('team.invite.email')}
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setRefusal(null);
            }}
            error={emailError ?? refusal}
            maxLength={320}
            autoComplete="off"
          />
          <NativeSelect
            label={t('team.invite.role')}
            value={role}
            onChange={(event) => {
              const next = roles.find((candidate) => candidate === event.currentTarget.value);
              if (next) setRole(next);
            }}
            data={roles.map((value) => ({ value, label: t(`team.roles.${value}`) }))}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button
            type="submit"
            leftSection={<IconMailPlus size={18} aria-hidden="true" />}
            loading={invite.isPending}
          >
            {t('team.invite.submit')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}

function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation(['settings', 'common']);
  const reasonOf = useReasonOf();
  const formatDate = useFormatDate();
  const revoke = useRevokeInvitation();

  const handleRevoke = (invitation: Invitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => showSuccess({ title: t('team.toasts.revoked') }),
      onError: (error) => showError({ title: t('team.toasts.revokeError'), message: reasonOf(error) }),
    });

  return (
    <SettingsSection title={t('team.invitations.title')}>
      {invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('team.invitations.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {invitations.map((invitation) => (
            <Paper
              key={invitation.id}
              component="li"
              withBorder
              p="sm"
              radius="md"
              aria-label={invitation.email}
            >
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" color="orange" size="sm">
                      {t('team.invitations.pending')}
                    </Badge>
                    <Badge variant="light" color="dark" size="sm">
                      {t(`team.roles.${invitation.role}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {t('team.invitations.expires', { date: formatDate(invitation.expiresAt) })}
                    </Text>
                  </Group>
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => handleRevoke(invitation)}
                  loading={revoke.isPending && revoke.variables === invitation.id}
                  aria-label={t('team.invitations.revokeNamed', { email: invitation.email })}
                >
                  {t('team.invitations.revoke')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
