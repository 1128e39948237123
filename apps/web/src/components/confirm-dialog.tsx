import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What confirming does, in a sentence. */
  message: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirmed change is under way: the confirm button spins. */
  isPending: boolean;
  centered?: boolean;
};

/** Asks before a change that cannot be undone (revoke, delete, remove): cancel, or confirm in red. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  message,
  cancelLabel,
  confirmLabel,
  onConfirm,
  isPending,
  centered,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered={centered}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
