import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  subtitle?: string;
  children: ReactNode;
};

/** The centered card every sign-in, sign-up and recovery screen sits in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Center py={{ base: 'xl', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
