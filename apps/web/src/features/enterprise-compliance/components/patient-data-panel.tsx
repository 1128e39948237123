import { erasureRequestChannels } from '@careloop/contracts/compliance';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { showError, showSuccess } from '../../../lib/notifications';
import { patientExportUrl } from '../api/compliance-keys';
import { useErasePatient } from '../api/erase-patient';
import { usePatientSearch } from '../api/search-patients';

type Picked = { id: string; name: string };

function EraseDialog({
  patient,
  onClose,
  onErased,
}: {
  patient: Picked;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation(['enterprise', 'common']);
  const erase = useErasePatient();
  const [requestedVia, setRequestedVia] = useState<string | null>(null);
  const [typedName, setTypedName] = useState('');
  const isConfirmed = typedName.trim() === patient.name.trim() && requestedVia !== null;

  const submit = () => {
    if (!isConfirmed || !requestedVia) return;
    erase.mutate(
      {
        patientId: patient.id,
        body: { requestedVia: requestedVia as (typeof erasureRequestChannels)[number] },
      },
      {
        onSuccess: () => {
          showSuccess({ title: t('patients.erased') });
          onErased();
        },
        onError: (error) => showError({ title: t('patients.eraseError'), message: apiErrorMessage(error) }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('patients.eraseTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('patients.eraseWarning', { name: patient.name })}</Text>
        <Select
          label={t('patients.requestedVia')}
          data={erasureRequestChannels.map((value) => ({ value, label: t(`patients.channels.${value}`) }))}
          value={requestedVia}
          onChange={setRequestedVia}
          required
        />
        <TextInput
          label={t('patients.typeName', { name: patient.name })}
          value={typedName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          autoComplete="off"
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('patients.cancel')}
          </Button>
          <Button color="red" onClick={submit} disabled={!isConfirmed} loading={erase.isPending}>
            {t('patients.eraseConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One patient's data: download it (JSON, CSV) or erase it on the patient's request. */
export function PatientDataPanel() {
  const { t } = useTranslation(['enterprise', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const patients = usePatientSearch(debounced);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [isErasing, setErasing] = useState(false);
  const options = (patients.data?.patients ?? []).map((p) => ({
    value: p.id,
    label: p.phone ? `${p.name} · ${p.phone}` : p.name,
  }));
  if (picked && !options.some((o) => o.value === picked.id))
    options.unshift({ value: picked.id, label: picked.name });

  return (
    <Stack gap="md">
      <Text size="sm">{t('patients.intro')}</Text>
      <Select
        label={t('patients.pick')}
        placeholder={t('patients.searchPlaceholder')}
        searchable
        clearable
        data={options}
        searchValue={search}
        onSearchChange={setSearch}
        value={picked?.id ?? null}
        onChange={(id) => {
          const patient = patients.data?.patients.find((p) => p.id === id);
          setPicked(patient ? { id: patient.id, name: patient.name } : null);
        }}
        nothingFoundMessage={t('patients.noMatch')}
        filter={({ options: all }) => all}
      />
      {picked ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="compliance-picked">
          <Title order={2} size="h5" id="compliance-picked" mb="sm">
            {picked.name}
          </Title>
          <Group gap="sm">
            <Button
              component="a"
              href={patientExportUrl(picked.id, 'json')}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t('patients.exportJson')}
            </Button>
            <Button
              component="a"
              href={patientExportUrl(picked.id, 'csv')}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t('patients.exportCsv')}
            </Button>
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setErasing(true)}
            >
              {t('patients.erase')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Alert color="gray" variant="light">
          {t('patients.none')}
        </Alert>
      )}
      {picked && isErasing ? (
        <EraseDialog
          patient={picked}
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            setPicked(null);
            setSearch('');
          }}
        />
      ) : null}
    </Stack>
  );
}
