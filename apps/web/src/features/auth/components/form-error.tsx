import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type FormErrorProps = {
  message: string | null;
};

/** A form's error, announced at once (role=alert). Renders nothing without a message. */
export function FormError({ message }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
      {message}
    </Alert>
  );
}
