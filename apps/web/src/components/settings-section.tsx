import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SettingsSectionProps = {
  title: string;
  description?: string;
  /** Beside the title, e.g. a Connected badge. */
  status?: ReactNode;
  children: ReactNode;
};

/** One titled card of the settings page, a region named by its heading. */
export function SettingsSection({ title, description, status, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={2} size="h3" id={headingId}>
              {title}
            </Title>
            {status}
          </Group>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
