import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

type SecretOnceDialogProps = {
  /** The values to copy, or null while the dialog is closed. */
  secrets: readonly { label: string; value: string }[] | null;
  onClose: () => void;
  title: string;
  /** That the secret is shown this once and never again. */
  warning: string;
  /** Where the secret goes next. */
  howTo: string;
  doneLabel: string;
};

/** A freshly made secret (an API client's, a webhook's), shown once with copy buttons. */
export function SecretOnceDialog({
  secrets,
  onClose,
  title,
  warning,
  howTo,
  doneLabel,
}: SecretOnceDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={secrets !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {secrets ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {warning}
          </Alert>
          {secrets.map((secret) => (
            <CopyField key={secret.label} label={secret.label} value={secret.value} />
          ))}
          <Text size="sm" c="dimmed">
            {howTo}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{doneLabel}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
