import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { showError, showSuccess } from '../../../lib/notifications';
import { usePatientAliases, useRemovePatientAlias } from '../api/patient-aliases';

const mayRemove = (role: string | undefined) => role === 'owner' || role === 'admin';

/**
 * Reviewer names staff tied to this patient by confirming or reassigning a review's match: later
 * reviews under these names are matched to the patient. Owners and admins can remove one.
 */
export function PatientAliasesCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const aliases = usePatientAliases(patientId);
  const remove = useRemovePatientAlias(patientId);
  const me = useCurrentUser();
  const canRemove = mayRemove(me.data?.role);
  const titleId = `patient-aliases-${patientId}`;

  const handleRemove = (aliasId: string, alias: string) =>
    remove.mutate(aliasId, {
      onSuccess: () => showSuccess({ title: t('aliases.removed', { alias }) }),
      onError: () => showError({ title: t('aliases.removeFailed') }),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} id={titleId}>
        {t('aliases.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('aliases.help')}
      </Text>
      {aliases.isPending ? (
        <Text c="dimmed">{t('aliases.loading')}</Text>
      ) : aliases.isError ? (
        <Text c="red" role="alert">
          {t('errors.loadFailed')}
        </Text>
      ) : aliases.data.items.length === 0 ? (
        <Text c="dimmed">{t('aliases.empty')}</Text>
      ) : (
        <Card withBorder radius="md" p="xs">
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {aliases.data.items.map((item) => (
              <Group component="li" key={item.id} justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.alias}
                </Text>
                {canRemove ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={t('aliases.removeNamed', { alias: item.alias })}
                    loading={remove.isPending && remove.variables === item.id}
                    disabled={remove.isPending}
                    onClick={() => handleRemove(item.id, item.alias)}
                  >
                    {t('aliases.remove')}
                  </Button>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
