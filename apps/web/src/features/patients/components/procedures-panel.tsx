import type { ProcedureView } from '@careloop/contracts/procedures';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { showError, showSuccess } from '../../../lib/notifications';
import { useProcedures, useSaveProcedure } from '../api/procedures';

type Names = { en: string; es: string; tr: string };

const namesOf = (procedure: ProcedureView | null): Names => ({
  en: procedure?.names.en ?? '',
  es: procedure?.names.es ?? '',
  tr: procedure?.names.tr ?? '',
});

/** The three names of a procedure, saved together (a new one, or a rename). */
function ProcedureNames({ procedure, onSaved }: { procedure: ProcedureView | null; onSaved?: () => void }) {
  const { t } = useTranslation(['patients', 'common']);
  const save = useSaveProcedure();
  const [names, setNames] = useState<Names>(() => namesOf(procedure));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync(
        procedure ? { key: procedure.key, body: { names } } : { key: null, body: { names } },
      );
      showSuccess({ title: t('procedureSettings.saved') });
      if (!procedure) setNames(namesOf(null));
      onSaved?.();
    } catch (failure) {
      showError({ title: apiErrorMessage(failure) });
    }
  };
  const field = (language: keyof Names, label: string) => (
    <TextInput
      label={label}
      value={names[language]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setNames((current) => ({ ...current, [language]: value }));
      }}
      maxLength={100}
      miw={180}
    />
  );
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Group align="flex-end" wrap="wrap">
        {field('en', t('procedureSettings.nameEn'))}
        {field('es', t('procedureSettings.nameEs'))}
        {field('tr', t('procedureSettings.nameTr'))}
        <Button type="submit" variant="light" loading={save.isPending}>
          {procedure ? t('procedureSettings.save') : t('procedureSettings.add')}
        </Button>
      </Group>
    </form>
  );
}

function ArchiveButton({ procedure }: { procedure: ProcedureView }) {
  const { t } = useTranslation('patients');
  const save = useSaveProcedure();
  const toggle = async () => {
    try {
      await save.mutateAsync({ key: procedure.key, body: { archived: !procedure.archived } });
    } catch (failure) {
      showError({ title: apiErrorMessage(failure) });
    }
  };
  return (
    <Button
      variant="subtle"
      color={procedure.archived ? 'blue' : 'gray'}
      loading={save.isPending}
      onClick={() => void toggle()}
    >
      {procedure.archived ? t('procedureSettings.restore') : t('procedureSettings.archive')}
    </Button>
  );
}

/** Settings > Procedures: the clinic's list, the seven defaults first; add, rename, archive. */
export function ProceduresPanel() {
  const { t } = useTranslation('patients');
  const procedures = useProcedures();
  if (procedures.isPending) return <Loader aria-label={t('procedureSettings.title')} />;
  if (procedures.isError) return <Alert color="red">{apiErrorMessage(procedures.error)}</Alert>;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('procedureSettings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('procedureSettings.description')}
        </Text>
      </div>
      {procedures.data.procedures.map((procedure) => (
        <Card key={procedure.key} withBorder padding="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <ProcedureNames procedure={procedure} />
            <Group gap="xs">
              {procedure.archived ? <Badge color="gray">{t('procedureSettings.archived')}</Badge> : null}
              {procedure.key === 'Other' ? null : <ArchiveButton procedure={procedure} />}
            </Group>
          </Group>
        </Card>
      ))}
      <Card withBorder padding="sm">
        <Title order={3} size="h5" mb="xs">
          {t('procedureSettings.addTitle')}
        </Title>
        <ProcedureNames procedure={null} />
      </Card>
    </Stack>
  );
}
